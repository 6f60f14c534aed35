import { FleetRateLimiter } from "@dossier/queue";
import { freePort, hasRedisServer, type RedisServerProcess, startRedisServer } from "@dossier/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverArgs = (port: number) => [
  "--port",
  String(port),
  "--bind",
  "127.0.0.1",
  "--save",
  "",
  "--appendonly",
  "no",
];

describe.skipIf(!(await hasRedisServer()))("the fleet rate limiter while its Redis is away", () => {
  let port: number;
  let server: RedisServerProcess;
  let redis: Redis;
  beforeAll(async () => {
    port = await freePort();
    server = await startRedisServer(port, serverArgs(port));
    // One try per command, as a connection following a failover fails its commands in flight.
    redis = new Redis({ port, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
    redis.on("error", () => {});
  });
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop("SIGKILL");
  });

  it("holds a taker until Redis is back instead of failing its research, and still fails on an error of its own", async () => {
    const limiter = new FleetRateLimiter(redis, "test-reconnect");
    const limit = { name: "model-requests", perMinute: 600 };
    await limiter.acquire(limit, 1);

    await server.stop("SIGKILL");
    const taking = limiter.acquire(limit, 1);
    const outcome = taking.then(
      () => "taken",
      (error: Error) => error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server = await startRedisServer(port, serverArgs(port));
    expect(await outcome).toBe("taken");

    // A bucket Redis cannot read for a reason of its own fails at once, not after 15 s.
    await redis.set("test-reconnect:upstream-limit:broken", "not a bucket");
    const broken = { name: "broken", perMinute: 600 };
    const started = Date.now();
    await expect(limiter.acquire(broken, 1)).rejects.toThrow(/WRONGTYPE/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops waiting for Redis when the research is cancelled", async () => {
    const limiter = new FleetRateLimiter(redis, "test-reconnect-abort");
    await server.stop("SIGKILL");
    const controller = new AbortController();
    const taking = limiter.acquire({ name: "search-requests", perMinute: 600 }, 1, controller.signal);
    setTimeout(() => controller.abort(new Error("cancelled")), 500);
    await expect(taking).rejects.toThrow(/cancelled|Connection|max retries/);
    server = await startRedisServer(port, serverArgs(port));
  });
});
