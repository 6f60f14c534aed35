import type { RedisTarget } from "@dossier/config";
import { createRedis, type RedisClient, replicaConfirmationFor } from "@dossier/queue";
import { type RedisSentinelProcesses, redisCommand, startRedisSentinels } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let group: RedisSentinelProcesses;
let redis: RedisClient;

/** Dossier's Redis target for the Sentinels of this test. */
function target(): RedisTarget {
  return {
    mode: "sentinel",
    sentinels: group.sentinels.split(",").map((entry) => ({ host: "127.0.0.1", port: Number(entry.split(":")[1]) })),
    primaryName: group.name,
    access: { username: undefined, password: undefined, tls: false },
    database: 0,
    sentinelPassword: undefined,
  };
}

beforeAll(async () => {
  group = await startRedisSentinels({ replicas: 1 });
  redis = createRedis(target(), "blocking");
  await redis.ping();
}, 60_000);
afterAll(async () => {
  redis?.disconnect();
  await group?.stop();
});

describe("confirming writes behind Sentinel", () => {
  it("waits for a replica that is slower than one WAIT instead of taking the writes as unconfirmed", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    const primaryPort = await group.primaryPort();
    const replica = group.servers.find((server) => server.port !== primaryPort)!;

    const mark = confirmation.mark;
    await redis.set("confirm:slow", "1");
    // The replica stops for a second: one WAIT (250 ms) cannot be acknowledged.
    replica.child.kill("SIGSTOP");
    setTimeout(() => replica.child.kill("SIGCONT"), 1_000);
    await redis.set("confirm:slow", "2");
    const started = Date.now();
    expect(await confirmation.confirm(mark)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(confirmation.withoutReplica).toBe(false);
    expect(await redisCommand(replica.port, "GET", "confirm:slow")).toBe("2");
  });

  it("takes writes as they are once the primary has no online replica, and confirms again when it is back", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    const primaryPort = await group.primaryPort();
    const replicaPort = group.servers.map((server) => server.port).find((port) => port !== primaryPort)!;
    await redisCommand(replicaPort, "REPLICAOF", "NO", "ONE");
    try {
      await redis.set("confirm:alone", "1");
      expect(await confirmation.confirm()).toBe(true);
      expect(confirmation.withoutReplica).toBe(true);
    } finally {
      await redisCommand(replicaPort, "REPLICAOF", "127.0.0.1", String(primaryPort));
    }
    await group.replicasInSync();
    // Asked again at most every two seconds: then WAIT confirms, and the writes count as held.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await redis.set("confirm:alone", "2");
    expect(await confirmation.confirm()).toBe(true);
    expect(confirmation.withoutReplica).toBe(false);
  });

  it("says the writes must be made again when the connection followed a failover since they were made", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    const mark = confirmation.mark;
    await redis.set("confirm:moved", "1");
    redis.disconnect(true);
    await new Promise<void>((resolve) => redis.once("ready", () => resolve()));
    expect(await confirmation.confirm(mark)).toBe(false);
    expect(await confirmation.confirm()).toBe(true);
  });
});
