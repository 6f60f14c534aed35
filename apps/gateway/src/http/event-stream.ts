import type { Response } from "express";

/** How long a client should wait before reconnecting after a dropped stream, in milliseconds. */
const RECONNECT_DELAY_MS = 2_000;

/**
 * A `text/event-stream` response (Server-Sent Events): named events with ids, a heartbeat comment
 * every `heartbeatMs` so that proxies do not drop an idle connection, and one place that learns
 * when the client has gone.
 */
export class EventStream {
  private readonly timer: NodeJS.Timeout;
  private readonly closeCallbacks: Array<() => void> = [];
  private ended = false;

  constructor(
    private readonly response: Response,
    options: { heartbeatMs: number; onHeartbeat?: () => void },
  ) {
    response.status(200);
    response.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    response.setHeader("Cache-Control", "no-store");
    response.setHeader("Connection", "keep-alive");
    // Proxies such as nginx would otherwise hold events back in their buffer.
    response.setHeader("X-Accel-Buffering", "no");
    response.flushHeaders();
    response.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
    this.timer = setInterval(() => {
      this.comment("heartbeat");
      options.onHeartbeat?.();
    }, options.heartbeatMs);
    response.on("close", () => this.dispose());
  }

  /** True once the stream ended or the client went away. */
  get closed(): boolean {
    return this.ended;
  }

  /** Sends one event; `data` is JSON text on one line. */
  send(event: string, data: string, id?: string): void {
    if (this.ended) return;
    this.response.write(`${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${data}\n\n`);
  }

  /** Sends a comment line, which clients ignore and proxies see as traffic. */
  comment(text: string): void {
    if (!this.ended) this.response.write(`: ${text}\n\n`);
  }

  /** Runs `callback` once when the stream ends, whoever ends it. */
  onClose(callback: () => void): void {
    if (this.ended) callback();
    else this.closeCallbacks.push(callback);
  }

  /** Ends the stream. */
  end(): void {
    if (this.ended) return;
    this.dispose();
    this.response.end();
  }

  private dispose(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.timer);
    for (const callback of this.closeCallbacks.splice(0)) callback();
  }
}

/**
 * Every event stream a gateway has open, so that a stopping gateway can end them at once, and a
 * revoked key's streams end when it is revoked.
 */
export class EventStreams {
  private readonly open = new Set<EventStream>();
  private readonly byKey = new Map<string, Set<EventStream>>();

  constructor(private readonly heartbeatMs: number) {}

  /** Streams open now. */
  get size(): number {
    return this.open.size;
  }

  /** Starts an event stream on the response, as the API key that asked for it (`response.locals.apiKey`). */
  start(response: Response, onHeartbeat?: () => void): EventStream {
    const stream = new EventStream(response, {
      heartbeatMs: this.heartbeatMs,
      ...(onHeartbeat ? { onHeartbeat } : {}),
    });
    this.open.add(stream);
    const keyId: string | undefined = response.locals.apiKey?.id;
    if (keyId !== undefined) {
      const streams = this.byKey.get(keyId) ?? new Set<EventStream>();
      streams.add(stream);
      this.byKey.set(keyId, streams);
    }
    stream.onClose(() => {
      this.open.delete(stream);
      const streams = keyId === undefined ? undefined : this.byKey.get(keyId);
      streams?.delete(stream);
      if (streams?.size === 0) this.byKey.delete(keyId!);
    });
    return stream;
  }

  /** Ends the streams of one API key (it was revoked); its clients' reconnections are refused. */
  endForKey(keyId: string): number {
    const streams = [...(this.byKey.get(keyId) ?? [])];
    for (const stream of streams) stream.end();
    return streams.length;
  }

  /** Ends every stream; clients reconnect (to another gateway) with `Last-Event-ID`. */
  endAll(): void {
    for (const stream of [...this.open]) stream.end();
  }
}
