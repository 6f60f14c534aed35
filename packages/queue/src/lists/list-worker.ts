import { type Job, WaitingError, Worker } from "bullmq";
import { startOnHeldTake } from "../held-writes.js";
import { LIST_QUEUE } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import type { ReplicaConfirmation } from "../replica-confirmation.js";
import { failList, type ListRunnerSettings, runList } from "./list-runner.js";

export interface ListWorkerSettings extends ListRunnerSettings {
  prefix: string;
  /** The connection of BullMQ's workers (role `blocking`, no pipelining). */
  queueConnection: RedisClient;
  /** Lists one worker process runs at once (`LIST_CONCURRENCY`); a list mostly waits for its research. */
  concurrency: number;
  /** Job lock in milliseconds: a dead worker's list is taken over by another after about this long. */
  lockMs: number;
  /** Told when a list's runner failed (it is tried again, and the list fails after the last try). */
  onError?: (error: unknown, listId: string) => void;
  /**
   * Behind Sentinel, the confirmation of the worker's connections: a runner starts only on a take a
   * replica holds, with the job's lock still its own (as a watch's run, docs/decisions/0012).
   */
  confirmation?: ReplicaConfirmation;
}

/** The BullMQ worker that runs lists, and its stop. */
export interface ListWorker {
  worker: Worker<{ listId: string }>;
  /** Stops taking lists; the lists running are handed back to the queue for another worker to resume. */
  stop(): Promise<void>;
}

/**
 * Runs the lists queued on the `lists` queue, each with {@link runList} (behind Sentinel, once a
 * replica holds the runner's take). A list whose worker stops is handed back and resumed by another
 * worker where it was; one whose worker dies is taken over once its lock expires. A runner that fails is tried again (the list resumes); after its last try
 * the list fails with the problem.
 */
export function createListWorker(settings: ListWorkerSettings): ListWorker {
  const running = new Map<
    string,
    { job: Job<{ listId: string }>; token: string | undefined; abort: AbortController }
  >();
  const worker = new Worker<{ listId: string }>(
    LIST_QUEUE,
    async (job, token) => {
      // Taken just now: a failover followed since is caught by the confirmation below.
      const takenMark = settings.confirmation?.mark;
      // A runner taken from a primary that a failover replaced is handed back, and the new primary
      // hands it out again, rather than run on what the old one alone held (a list it may not have).
      await startOnHeldTake(job, token, settings.confirmation, takenMark, settings.lockMs);
      const abort = new AbortController();
      running.set(job.id!, { job, token, abort });
      try {
        await runList(job.data.listId, settings, abort.signal);
      } catch (error) {
        if (abort.signal.aborted) {
          // The worker is stopping: another worker resumes the list at once.
          if (token) await job.moveToWait(token).catch(() => {});
          throw new WaitingError();
        }
        settings.onError?.(error, job.data.listId);
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await failList(settings.lists, job.data.listId, error);
        throw error;
      } finally {
        running.delete(job.id!);
      }
    },
    {
      connection: settings.queueConnection,
      prefix: settings.prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockMs,
      stalledInterval: Math.max(1_000, Math.floor(settings.lockMs / 2)),
      // A list runs for long; its worker may die more than once under it without losing the list.
      maxStalledCount: 10,
      runRetryDelay: 1_000,
      autorun: false,
    },
  );
  worker.on("error", () => {});
  return {
    worker,
    async stop() {
      for (const { abort } of running.values()) abort.abort();
      await worker.close();
    },
  };
}
