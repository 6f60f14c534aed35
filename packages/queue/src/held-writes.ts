import { isDossierError } from "@dossier/contract";
import { type Job, WaitingError } from "bullmq";
import { type RedisClient, waitForRedis } from "./redis-connection.js";
import type { ReplicaConfirmation } from "./replica-confirmation.js";

/** The connections some writes go through, and, behind Sentinel, the confirmation of their writes. */
export interface HeldWrites {
  /** Behind Sentinel: confirms what `connections` wrote; absent (one server, a cluster), writes are made once. */
  confirmation: ReplicaConfirmation | undefined;
  /** The connections the writes go through: those `confirmation` confirms. */
  connections: readonly RedisClient[];
}

/**
 * Errors of a command whose connection is down or going, or whose server is no primary in a
 * failover: ioredis's own, its retry given up while the connection followed the failover ("max
 * retries per request", on a connection ready again by the time it is seen), and the server's
 * replies while it is a replica or still loading the new primary's data.
 */
const CONNECTION_LOST =
  /Stream isn't writeable|Connection is closed|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|max retries per request|^READONLY|^LOADING|^MASTERDOWN|^TRYAGAIN/;

/**
 * True for the error of a Redis command that failed because its connection was down or going, or
 * because its server was no primary in a failover: Redis away for a while, not a bug of the command.
 */
export function isConnectionLost(error: unknown): boolean {
  return !isDossierError(error) && error instanceof Error && CONNECTION_LOST.test(error.message);
}

/**
 * Rounds of writes at most: each one follows a failover (or a lost connection) during the one
 * before. One failover may move each connection twice (lost, then sent on by `+switch-master`).
 */
const MOST_ROUNDS = 8;
/** How long the rounds wait in all for their connections to come back after losing them, in milliseconds. */
const RECONNECT_MS = 15_000;

/**
 * Makes writes that must outlive a Redis failover (docs/decisions/0012). Behind Sentinel, `write`
 * counts as made once a replica holds it. When a connection followed a failover between the writes
 * and their confirmation (they may be on the demoted primary alone), or closed under them, the
 * writes are made again on the new primary once the connections are back: `write` must be
 * idempotent, since what it wrote before may or may not have reached the new primary. Resolves with
 * the value of the round that held. Rejects with the round's error when it failed for a reason of
 * its own (a DossierError, a Redis error on a connection that stayed up), when the connections do
 * not come back within 15 s, or after eight rounds. Without a confirmation, `write` runs once.
 */
export async function writeHeld<T>(held: HeldWrites, write: (round: number) => Promise<T>): Promise<T> {
  const { confirmation, connections } = held;
  if (!confirmation) return write(1);
  const reconnectBy = Date.now() + RECONNECT_MS;
  for (let round = 1; ; round += 1) {
    const mark = confirmation.mark;
    let value: T;
    try {
      value = await write(round);
      if (await confirmation.confirm(mark)) return value;
    } catch (error) {
      // A command refused for its connection ("Stream isn't writeable", "Connection is closed") is a
      // connection lost, whatever the connections' status says in the instant after.
      const lost =
        confirmation.mark !== mark || connections.some((redis) => redis.status !== "ready") || isConnectionLost(error);
      if (isDossierError(error) || !lost || round >= MOST_ROUNDS) throw error;
      const left = reconnectBy - Date.now();
      if (left <= 0) throw error;
      await Promise.all(connections.map((redis) => waitForRedis(redis, left))).catch(() => {
        throw error;
      });
      continue;
    }
    if (round >= MOST_ROUNDS)
      throw new Error(`writes made ${MOST_ROUNDS} times, each on a Redis primary that a failover replaced`);
    // A connection followed a failover between the writes and their confirmation: the next round
    // waits until all are back, rather than spend itself on one still moving.
    const left = reconnectBy - Date.now();
    if (left > 0) await Promise.all(connections.map((redis) => waitForRedis(redis, left))).catch(() => {});
  }
}

/**
 * Behind Sentinel, lets a job taken at `takenMark` start only once a replica holds the take and the
 * job's lock is still this worker's: a job taken from a primary that a failover replaced is handed
 * back (moved to wait, a `WaitingError` thrown), and the new primary hands it out again, rather than
 * run on what the old primary alone held, or run twice (docs/decisions/0012). Without a
 * confirmation (one server, a cluster), it starts at once.
 */
export async function startOnHeldTake(
  job: Job,
  token: string | undefined,
  confirmation: ReplicaConfirmation | undefined,
  takenMark: number | undefined,
  lockMs: number,
): Promise<void> {
  if (!confirmation) return;
  const started =
    (await confirmation.confirm(takenMark).catch(() => false)) &&
    (!token || (await job.extendLock(token, lockMs).catch(() => 0)) === 1);
  if (started) return;
  if (token) await job.moveToWait(token).catch(() => {});
  throw new WaitingError();
}
