import { createServer, request as forward, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request the proxy received. */
export interface ProxiedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** When it arrived (`performance.now()`). */
  at: number;
}

/** A problem answer the proxy gives instead of forwarding. */
export interface InjectedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * A real HTTP reverse proxy in front of a Dossier gateway, for the client's tests: it forwards
 * every request as it is, except that it can answer the next requests itself (a 503 or 429 with
 * Retry-After, as a busy gateway or a load balancer would) and cut the next event stream after a
 * number of events (as a dropped connection would).
 */
export interface TestProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: ProxiedRequest[];
  /** Answers the next requests with these, in order, before forwarding again. */
  answerNext(...answers: InjectedAnswer[]): void;
  /** Drops the next `text/event-stream` response's connection after it carried `events` events. */
  cutNextStreamAfter(events: number): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<TestProxy> {
  const upstream = new URL(target);
  const injected: InjectedAnswer[] = [];
  let cutAfter: number | undefined;
  const requests: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((incoming, outgoing) => {
    requests.push({
      method: incoming.method ?? "GET",
      path: incoming.url ?? "/",
      headers: incoming.headers,
      at: performance.now(),
    });
    const answer = injected.shift();
    if (answer) {
      incoming.resume();
      const body = JSON.stringify(
        answer.body ?? {
          type: "about:blank",
          title: "Injected",
          status: answer.status,
          detail: "injected",
          code: "INJECTED",
        },
      );
      outgoing.writeHead(answer.status, { "content-type": "application/problem+json", ...answer.headers });
      outgoing.end(body);
      return;
    }
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        const isStream = String(response.headers["content-type"] ?? "").startsWith("text/event-stream");
        if (!isStream || cutAfter === undefined) {
          response.pipe(outgoing);
          return;
        }
        const limit = cutAfter;
        cutAfter = undefined;
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
          const events = text.split("\n\n").filter((block) => /^event:/m.test(block)).length;
          outgoing.write(chunk);
          if (events >= limit) {
            response.destroy();
            outgoing.socket?.destroy();
          }
        });
        response.on("end", () => outgoing.end());
      },
    );
    proxied.on("error", () => outgoing.destroy());
    incoming.pipe(proxied);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerNext: (...answers) => injected.push(...answers),
    cutNextStreamAfter: (events) => {
      cutAfter = events;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
