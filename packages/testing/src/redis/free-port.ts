import { createServer } from "node:net";

/** Whether `port` on 127.0.0.1 can be listened on right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port free on 127.0.0.1 a moment ago, chosen by the system. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

/**
 * A port free together with the one `offset` above it (a Redis Cluster node listens on its port
 * and, for the cluster bus, on port + 10000).
 */
export async function freePortPair(offset: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = await freePort();
    if (port + offset <= 65_535 && (await isFree(port + offset))) return port;
  }
  throw new Error(`no free port with port + ${offset} free`);
}
