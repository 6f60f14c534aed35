import { hash } from "node:crypto";
import { Queue } from "bullmq";
import { WATCH_QUEUE } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import type { WatchTrigger } from "./watch-record.js";

/** What a watch run job carries: which watch, and what started it. */
export interface WatchRunData {
  watchId: string;
  trigger: WatchTrigger;
}

/**
 * The ids of the jobs of runs asked for outside the schedule: two per watch, so that a run asked
 * for while one is under way waits in the other, and one waits at a time.
 */
export const onDemandRunJobIds = (watchId: string): [string, string] => [`run-${watchId}`, `run-${watchId}-next`];

/**
 * The id of the run a job makes: its job id and when the job was made. Stable when a run is taken
 * over after its worker died; distinct for every later run of a job id (runs on demand reuse two).
 */
export function runIdOf(job: { id?: string | undefined; timestamp: number }): string {
  return `${job.id}@${job.timestamp}`;
}

/** Job states in which a run on demand is still to come: asking again joins it. */
const PENDING_STATES = new Set(["waiting", "delayed", "prioritized", "waiting-children"]);

/**
 * A watch's place within its interval, in milliseconds (1 to `everyMs - 1`), from its id alone: the
 * same on every gateway and after every restart, and spread evenly, so that a thousand watches made
 * at midnight (or whose runs were all missed while the fleet was down) fall due across their interval
 * instead of at once. BullMQ runs an `every` scheduler at `floor(now / every) * every + offset`.
 */
export function scheduleOffsetMs(watchId: string, everyMs: number): number {
  const digest = hash("sha256", watchId, "buffer");
  return 1 + (digest.readUIntBE(0, 6) % (everyMs - 1));
}

/**
 * The schedules of watches: one BullMQ job scheduler per watch (its id is the watch id), kept in
 * Redis, so that it survives restarts of every process, and producing its next job only when the
 * current one starts, so that a watch's scheduled runs never pile up. Runs asked for on demand are
 * plain jobs of the same queue.
 */
export class WatchSchedule {
  readonly queue: Queue<WatchRunData>;

  constructor(settings: { prefix: string; queueConnection: RedisClient }) {
    this.queue = new Queue<WatchRunData>(WATCH_QUEUE, {
      connection: settings.queueConnection,
      prefix: settings.prefix,
    });
    this.queue.on("error", () => {});
  }

  /** Makes (or updates) the watch's scheduler: every `everySeconds`, at the watch's own offset. */
  async schedule(watchId: string, everySeconds: number): Promise<void> {
    const everyMs = everySeconds * 1000;
    await this.queue.upsertJobScheduler(
      watchId,
      { every: everyMs, offset: scheduleOffsetMs(watchId, everyMs) },
      {
        name: "schedule",
        data: { watchId, trigger: "schedule" },
        opts: { removeOnComplete: true, removeOnFail: { age: 86_400, count: 1_000 } },
      },
    );
  }

  /** Removes the watch's scheduler, its next scheduled job and a run waiting on demand. */
  async unschedule(watchId: string): Promise<void> {
    await this.queue.removeJobScheduler(watchId);
    for (const jobId of onDemandRunJobIds(watchId)) await this.queue.remove(jobId).catch(() => 0);
  }

  /**
   * Queues a run now. A run of this watch already waiting is not queued twice; a run asked for
   * while another is under way is queued after it (the watch's lock runs them one at a time).
   * Returns the id of the run that will answer the ask (see {@link runIdOf}): the one queued, or the
   * one that was waiting.
   */
  async runNow(watchId: string, trigger: Exclude<WatchTrigger, "schedule">): Promise<string> {
    const slots = onDemandRunJobIds(watchId);
    const jobs = await Promise.all(slots.map((jobId) => this.queue.getJob(jobId)));
    const states = await Promise.all(jobs.map(async (job) => (await job?.getState()) ?? "unknown"));
    const waiting = jobs.find((job, index) => job !== undefined && PENDING_STATES.has(states[index]!));
    if (waiting) return runIdOf(waiting);
    const free = slots.find((_jobId, index) => states[index] !== "active") ?? slots[0];
    const job = await this.queue.add(
      "run",
      { watchId, trigger },
      { jobId: free, removeOnComplete: true, removeOnFail: true },
    );
    return runIdOf(job);
  }

  /** Whether the run with this id (from {@link runNow}) is still queued or under way. */
  async holds(runId: string): Promise<boolean> {
    const job = await this.queue.getJob(runId.slice(0, runId.lastIndexOf("@")));
    return job !== undefined && runIdOf(job) === runId;
  }

  /** When the watch's next scheduled run is due (ms since epoch), or null without a scheduler. */
  async nextRunAt(watchId: string): Promise<number | null> {
    const scheduler = await this.queue.getJobScheduler(watchId);
    return scheduler?.next ?? null;
  }

  async close(): Promise<void> {
    await this.queue.close().catch(() => {});
  }
}
