import type { RedisTarget } from "@dossier/config";
import { createRedis, type RedisClient, replicaConfirmationFor } from "@dossier/queue";
import { freePort, type RedisSentinelProcesses, redisCommand, startRedisSentinels } from "@dossier/testing";
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

/** Resolves once `check` holds; asks again every 50 ms, for at most 30 s. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Leaves the primary without an online replica: the replica follows a server that is not there. (A
 * replica told `REPLICAOF NO ONE` would be a primary promoted from this one, as in a failover.)
 */
async function detachReplica(replicaPort: number): Promise<void> {
  await redisCommand(replicaPort, "REPLICAOF", "127.0.0.1", String(await freePort()));
}

/** The WAIT commands a server has received so far (counted when each starts). */
async function waitsReceived(port: number): Promise<number> {
  const stats = String(await redisCommand(port, "INFO", "commandstats"));
  return Number(/^cmdstat_wait:calls=(\d+)/m.exec(stats)?.[1] ?? 0);
}

/** The primary's replication offset (`master_repl_offset`) in an `INFO replication` answer. */
function replicationOffset(info: string): number {
  return Number(/^master_repl_offset:(\d+)/m.exec(info)?.[1] ?? Number.NaN);
}

/** The offset the primary's first replica has acknowledged, in an `INFO replication` answer. */
function replicaOffset(info: string): number {
  return Number(/^slave0:.*offset=(\d+)/m.exec(info)?.[1] ?? Number.NaN);
}

describe("confirming writes behind Sentinel", () => {
  it("waits for a replica that is slower than one WAIT instead of taking the writes as unconfirmed", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    const primaryPort = await group.primaryPort();
    const replica = group.servers.find((server) => server.port !== primaryPort)!;

    const mark = confirmation.mark;
    await redis.set("confirm:slow", "1");
    // The replica stops until a WAIT has gone unacknowledged: the confirmation has sent a second one.
    const waitsBefore = await waitsReceived(primaryPort);
    replica.child.kill("SIGSTOP");
    let confirmed: Promise<boolean>;
    try {
      await redis.set("confirm:slow", "2");
      confirmed = confirmation.confirm(mark);
      await until(
        "the confirmation did not ask again",
        async () => (await waitsReceived(primaryPort)) >= waitsBefore + 2,
      );
    } finally {
      replica.child.kill("SIGCONT");
    }
    expect(await confirmed).toBe(true);
    expect(confirmation.withoutReplica).toBe(false);
    expect(await redisCommand(replica.port, "GET", "confirm:slow")).toBe("2");
  });

  it("takes writes as they are once the primary has no online replica, says so once, and confirms again when it is back", async () => {
    const told: string[] = [];
    const confirmation = replicaConfirmationFor(target(), [redis], (reason) => told.push(reason))!;
    const primaryPort = await group.primaryPort();
    const replicaPort = group.servers.map((server) => server.port).find((port) => port !== primaryPort)!;
    await detachReplica(replicaPort);
    try {
      await redis.set("confirm:alone", "1");
      expect(await confirmation.confirm()).toBe(true);
      expect(confirmation.withoutReplica).toBe(true);
      await redis.set("confirm:alone", "1b");
      expect(await confirmation.confirm()).toBe(true);
      expect(told).toEqual(["without-replica"]);
    } finally {
      await redisCommand(replicaPort, "REPLICAOF", "127.0.0.1", String(primaryPort));
    }
    await group.replicasInSync();
    // The next confirmation finds the replica back: WAIT confirms, and the writes count as held.
    await redis.set("confirm:alone", "2");
    expect(await confirmation.confirm()).toBe(true);
    expect(confirmation.withoutReplica).toBe(false);
    expect(await redisCommand(replicaPort, "GET", "confirm:alone")).toBe("2");
  });

  it("confirms nothing unheld once a replica is back online, the moment the primary lists it", async () => {
    const confirmation = replicaConfirmationFor(target(), [redis])!;
    const primaryPort = await group.primaryPort();
    const replica = group.servers.find((server) => server.port !== primaryPort)!;
    await detachReplica(replica.port);
    try {
      // Writes go on while the primary has no replica: each is taken as it is.
      for (let write = 1; write <= 2; write += 1) {
        await redis.set("confirm:back", String(write));
        expect(await confirmation.confirm()).toBe(true);
      }
      expect(confirmation.withoutReplica).toBe(true);
    } finally {
      await redisCommand(replica.port, "REPLICAOF", "127.0.0.1", String(primaryPort));
    }
    await group.replicasInSync();

    // The replica is back and listed online; it stops before the next write reaches it, as a
    // primary's crash would leave it. The write counts as held only once the replica has it.
    const mark = confirmation.mark;
    const waitsBefore = await waitsReceived(primaryPort);
    replica.child.kill("SIGSTOP");
    let heldWhenConfirmed: number | undefined;
    let written = 0;
    let confirmed: Promise<boolean>;
    try {
      await redis.set("confirm:back", "3");
      written = replicationOffset(String(await redisCommand(primaryPort, "INFO", "replication")));
      confirmed = confirmation.confirm(mark).then(async (held) => {
        heldWhenConfirmed = replicaOffset(String(await redisCommand(primaryPort, "INFO", "replication")));
        return held;
      });
      await until(
        "the confirmation neither asked the replica nor answered",
        async () => heldWhenConfirmed !== undefined || (await waitsReceived(primaryPort)) > waitsBefore,
      );
    } finally {
      replica.child.kill("SIGCONT");
    }
    expect(await confirmed).toBe(true);
    expect(heldWhenConfirmed).toBeGreaterThanOrEqual(written);
    expect(confirmation.withoutReplica).toBe(false);
  });

  it("confirms nothing on a primary whose replica was promoted from it, while the Sentinels still name it", async () => {
    // A failover as the Sentinels that do not lead it see it at first: the replica is a primary
    // now, the old one takes writes and has no replica, and the Sentinels asked name it. Its writes
    // are dropped when it is converted: they must be made again, not taken.
    const told: string[] = [];
    const confirmation = replicaConfirmationFor(target(), [redis], (reason) => told.push(reason))!;
    const primaryPort = await group.primaryPort();
    const replicaPort = group.servers.map((server) => server.port).find((port) => port !== primaryPort)!;
    await redisCommand(replicaPort, "REPLICAOF", "NO", "ONE");
    try {
      await redis.set("confirm:demoted", "1");
      expect(await confirmation.confirm()).toBe(false);
      expect(confirmation.withoutReplica).toBe(false);
      expect(told).toEqual([]);
    } finally {
      await redisCommand(replicaPort, "REPLICAOF", "127.0.0.1", String(primaryPort));
    }
    await group.replicasInSync();
    await redis.set("confirm:demoted", "2");
    expect(await confirmation.confirm()).toBe(true);
    expect(await redisCommand(replicaPort, "GET", "confirm:demoted")).toBe("2");
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
