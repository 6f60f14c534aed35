import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One delivery as the receiver saw it. */
export interface ReceivedCallback {
  /** The path it was sent to, which chose the receiver's behaviour. */
  path: string;
  /** `Dossier-Delivery`: `<job id>-<attempt>`. */
  delivery: string;
  /** `Dossier-Signature`. */
  signature: string | undefined;
  /** The raw body. */
  body: string;
  /** When the body was in, ms since epoch. */
  receivedAt: number;
  /** When the sender closed the connection of this delivery (ms since epoch), while it was still open. */
  closedAt?: number;
}

/** A callback receiver on loopback: tells a test what it received, and misbehaves on request. */
export interface CallbackReceiver {
  /** `http://127.0.0.1:<port>`; deliveries go to `${origin}/<behaviour>/...`. */
  origin: string;
  /** Every delivery, in order of arrival. */
  deliveries: ReceivedCallback[];
  close(): Promise<void>;
}

/**
 * Starts a receiver of batch completion callbacks. The first path segment says how it answers:
 * `/ok/...` with 204 at once; `/trickle/...` with 200 headers at once and then one byte of body every
 * `trickleMs` (default 500) for as long as the sender keeps the connection open, a receiver that
 * never finishes its answer; `/hang/...` never answers at all.
 */
export async function startCallbackReceiver(options: { trickleMs?: number } = {}): Promise<CallbackReceiver> {
  const deliveries: ReceivedCallback[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const trickle = (response: ServerResponse) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.write(".");
    const timer = setInterval(() => response.write("."), options.trickleMs ?? 500);
    timers.add(timer);
    response.on("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const received: ReceivedCallback = {
        path,
        delivery: String(request.headers["dossier-delivery"] ?? ""),
        signature: request.headers["dossier-signature"] as string | undefined,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      deliveries.push(received);
      response.on("close", () => {
        if (!response.writableFinished) received.closedAt = Date.now();
      });
      const behaviour = path.split("/")[1];
      if (behaviour === "trickle") trickle(response);
      else if (behaviour !== "hang") response.writeHead(204).end();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    deliveries,
    async close() {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
