/** One Server-Sent Event: its name, id and data. */
export interface ServerSentEvent {
  /** The `event:` field; `message` when absent. */
  event: string;
  /** The `id:` field, if the event had one. */
  id: string | undefined;
  /** The `data:` lines joined by newlines. */
  data: string;
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * The events of a `text/event-stream` body, parsed as the HTML standard's EventSource parses them:
 * one field per line, a blank line ends an event, lines starting with `:` are comments (heartbeats).
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let id: string | undefined;
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let match = LINE_BREAK.exec(buffer);
      // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
      while (match && !(match[0] === "\r" && match.index === buffer.length - 1)) {
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === "") {
          if (data.length > 0 || event !== undefined) yield { event: event ?? "message", id, data: data.join("\n") };
          event = undefined;
          id = undefined;
          data = [];
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const name = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (name === "event") event = value;
          else if (name === "id") id = value;
          else if (name === "data") data.push(value);
        }
        match = LINE_BREAK.exec(buffer);
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The lines of an NDJSON body, parsed, as they arrive. */
export async function* readJsonLines<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield JSON.parse(line) as T;
        newline = buffer.indexOf("\n");
      }
    }
    if (buffer.trim()) yield JSON.parse(buffer) as T;
  } finally {
    await reader.cancel().catch(() => {});
  }
}
