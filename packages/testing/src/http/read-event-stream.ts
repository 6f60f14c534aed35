/** One Server-Sent Event as a client receives it. */
export interface ReceivedEvent {
  /** The `event:` field (`message` when absent). */
  event: string;
  /** The `id:` field, if the event had one. */
  id: string | undefined;
  /** The `data:` lines, joined by newlines. */
  data: string;
  /** When it arrived (`performance.now()` of the reading process). */
  receivedAt: number;
}

/** What an event stream carried until it ended: its events and its comment lines. */
export interface ReceivedStream {
  events: ReceivedEvent[];
  comments: string[];
}

/**
 * Reads a `text/event-stream` body to its end (or until `until` says stop), parsing it as the
 * HTML standard's EventSource does: fields per line, events separated by a blank line.
 */
export async function readEventStream(
  response: Response,
  options: {
    until?: (event: ReceivedEvent, stream: ReceivedStream) => boolean;
    onEvent?: (event: ReceivedEvent) => void;
  } = {},
): Promise<ReceivedStream> {
  const received: ReceivedStream = { events: [], comments: [] };
  if (!response.body) return received;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let fields: { event?: string; id?: string; data: string[] } = { data: [] };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let newline = buffer.search(/\r\n|\r|\n/);
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
        newline = buffer.search(/\r\n|\r|\n/);
        if (line === "") {
          if (fields.data.length > 0 || fields.event !== undefined) {
            const event: ReceivedEvent = {
              event: fields.event ?? "message",
              id: fields.id,
              data: fields.data.join("\n"),
              receivedAt: performance.now(),
            };
            received.events.push(event);
            options.onEvent?.(event);
            if (options.until?.(event, received)) return received;
          }
          fields = { data: [] };
          continue;
        }
        if (line.startsWith(":")) {
          received.comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        const fieldValue = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (name === "event") fields.event = fieldValue;
        else if (name === "id") fields.id = fieldValue;
        else if (name === "data") fields.data.push(fieldValue);
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return received;
}
