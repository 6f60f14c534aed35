import type { RedisTarget } from "@dossier/config";
import { createRedis, type RedisClient, replicaConfirmationFor, waitForRedis, writeHeld } from "@dossier/queue";
import { type RedisSentinelProcesses, redisCommand, startRedisSentinels } from "@dossier/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

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

beforeEach(async () => {
  group = await startRedisSentinels({ replicas: 1 });
  // A gateway's kind of connection: a command fails at once while it is disconnected.
  redis = createRedis(target(), "command");
  await waitForRedis(redis, 10_000);
  await group.replicasInSync();
}, 60_000);
afterEach(async () => {
  redis?.disconnect();
  await group?.stop();
});

/** Resolves once `check` holds; asks again every 20 ms, for at most 30 s. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("writes held behind Sentinel", () => {
  it("makes writes that only the dead primary had again on the new one, and resolves once they hold there", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    const primaryPort = await group.primaryPort();
    const rounds: number[] = [];
    await group.withholdReplication();
    const written = writeHeld({ confirmation, connections: [redis] }, async (round) => {
      rounds.push(round);
      await redis.set("held:value", "1");
      return round;
    });
    // The write is on the primary alone, which dies while the write waits for a replica's acknowledgement.
    await until(
      "the write reached the primary",
      async () => (await redisCommand(primaryPort, "GET", "held:value")) === "1",
    );
    const newPrimary = await group.killPrimary();

    expect(await written).toBeGreaterThan(1);
    expect(rounds[0]).toBe(1);
    expect(await redisCommand(newPrimary, "GET", "held:value")).toBe("1");
  }, 60_000);

  it("makes writes again that a server refused as no primary, and that a command gave up on", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    const primaryPort = await group.primaryPort();
    const replica = group.servers.find((server) => server.port !== primaryPort)!;
    // A real replica's refusal, as a connection still on a demoted primary gets it.
    const onReplica = createRedis({ mode: "standalone", url: `redis://127.0.0.1:${replica.port}` }, "command");
    try {
      await waitForRedis(onReplica, 10_000);
      const refusals: string[] = [];
      const rounds: number[] = [];
      const value = await writeHeld({ confirmation, connections: [redis] }, async (round) => {
        rounds.push(round);
        if (round === 1)
          await onReplica.set("held:refused", "1").catch((error: Error) => {
            refusals.push(error.message);
            throw error;
          });
        if (round === 2)
          throw new Error(
            'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
          );
        await redis.set("held:refused", "1");
        return round;
      });
      expect(refusals[0]).toMatch(/^READONLY/);
      expect(rounds).toEqual([1, 2, 3]);
      expect(value).toBe(3);
    } finally {
      onReplica.disconnect();
    }
  }, 60_000);

  it("gives a write's own error back at once, without making it again", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    let rounds = 0;
    await expect(
      writeHeld({ confirmation, connections: [redis] }, async () => {
        rounds += 1;
        await redis.set("held:list", "a");
        await redis.lpush("held:list", "b");
      }),
    ).rejects.toThrow(/WRONGTYPE/);
    expect(rounds).toBe(1);
  });
});
