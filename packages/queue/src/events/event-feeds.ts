import type { RedisTarget } from "@dossier/config";
import type { BatchStore, BatchSummary } from "../batches/batch-store.js";
import { redisChannels } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { type ChannelListener, ChannelSubscriber } from "./channel-subscriber.js";
import { compareStreamIds, type JobEventRecord, parseJobEventMessage, readJobEvents } from "./job-event-log.js";

export interface EventFeedsSettings {
  /** Where Redis is (`config.redis`). */
  target: RedisTarget;
  prefix: string;
  /** Command connection, for reading event streams. */
  redis: RedisClient;
  batches: BatchStore;
  /** Least time between two reads of one batch's counts, in milliseconds. Default 500. */
  batchIntervalMs?: number;
}

/** A job followed by {@link EventFeeds.followJob}. */
export interface JobFollow {
  stop(): void;
  /** Delivers the events stored since the last one delivered. */
  catchUp(): Promise<void>;
}

/** One batch followed by one or more streams of this process: its counts are read once for all. */
interface BatchWatch {
  listeners: Set<(summary: BatchSummary) => void>;
  stop: Promise<() => void>;
  timer: NodeJS.Timeout | undefined;
  reading: boolean;
  again: boolean;
  lastRead: number;
}

/**
 * The events of jobs and batches as a gateway streams them: a job's events come from its Redis
 * Stream (history, from any point) and then live from its channel; a batch's counts are read again,
 * at most every `batchIntervalMs`, whenever its channel says they changed. One pub/sub connection
 * serves every stream of the process.
 */
export class EventFeeds {
  private readonly subscriber: ChannelSubscriber;
  private readonly batchWatches = new Map<string, BatchWatch>();
  private readonly batchIntervalMs: number;

  constructor(private readonly settings: EventFeedsSettings) {
    this.subscriber = new ChannelSubscriber(settings.target);
    this.batchIntervalMs = settings.batchIntervalMs ?? 500;
  }

  /** Channels this process listens to now (one per followed job or batch). */
  get channelCount(): number {
    return this.subscriber.channelCount;
  }

  /**
   * Delivers a job's events after `afterId` (all without it) in order, each once: first those
   * already in its stream, then each new one as it is appended. Resolves, once the stored events
   * have been delivered, with the way to stop following and to read the stream again now (for a
   * reader that learnt from elsewhere that the job ended, before its last events arrived live).
   */
  async followJob(
    jobId: string,
    afterId: string | undefined,
    onEvent: (record: JobEventRecord) => void,
  ): Promise<JobFollow> {
    const { redis, prefix } = this.settings;
    let last = afterId;
    let stopped = false;
    let catchingUp = true;
    const held: JobEventRecord[] = [];
    const deliver = (record: JobEventRecord) => {
      if (stopped || (last !== undefined && compareStreamIds(record.id, last) <= 0)) return;
      last = record.id;
      onEvent(record);
    };
    // Live events wait while the stream is read, so that they never overtake older stored ones.
    const catchUp = async () => {
      catchingUp = true;
      try {
        for (const record of await readJobEvents(redis, prefix, jobId, last)) deliver(record);
      } finally {
        catchingUp = false;
        for (const record of held.splice(0)) deliver(record);
      }
    };
    const unlisten = await this.subscriber.listen(redisChannels.jobEvents(prefix, jobId), {
      message: (text) => {
        const record = parseJobEventMessage(text);
        if (!record) return;
        if (catchingUp) held.push(record);
        else deliver(record);
      },
      resync: () => void catchUp().catch(() => {}),
    });
    const stop = () => {
      stopped = true;
      unlisten();
    };
    try {
      await catchUp();
    } catch (error) {
      stop();
      throw error;
    }
    return { stop, catchUp };
  }

  /**
   * Calls `onSummary` with the batch's bookkeeping each time its counts or status change, at most
   * once per `batchIntervalMs`. Resolves once changes are being followed, with the function that stops.
   */
  async followBatch(batchId: string, onSummary: (summary: BatchSummary) => void): Promise<() => void> {
    let watch = this.batchWatches.get(batchId);
    if (!watch) {
      const created: BatchWatch = {
        listeners: new Set(),
        stop: Promise.resolve(() => {}),
        timer: undefined,
        reading: false,
        again: false,
        lastRead: 0,
      };
      const retry = () => this.scheduleBatchRead(batchId, created);
      created.stop = this.subscriber.listen(redisChannels.batchEvents(this.settings.prefix, batchId), {
        message: retry,
        resync: retry,
      });
      this.batchWatches.set(batchId, created);
      watch = created;
    }
    const current = watch;
    current.listeners.add(onSummary);
    const leave = () => {
      if (!current.listeners.delete(onSummary) || current.listeners.size > 0) return;
      if (this.batchWatches.get(batchId) === current) this.batchWatches.delete(batchId);
      clearTimeout(current.timer);
      void current.stop.then((unlisten) => unlisten()).catch(() => {});
    };
    try {
      await current.stop;
    } catch (error) {
      leave();
      throw error;
    }
    return leave;
  }

  private scheduleBatchRead(batchId: string, watch: BatchWatch): void {
    if (watch.reading || watch.timer !== undefined) {
      watch.again = true;
      return;
    }
    const wait = Math.max(0, watch.lastRead + this.batchIntervalMs - Date.now());
    watch.timer = setTimeout(() => {
      watch.timer = undefined;
      watch.reading = true;
      watch.again = false;
      watch.lastRead = Date.now();
      void this.settings.batches
        .get(batchId)
        .then((summary) => {
          if (summary) for (const listener of [...watch.listeners]) listener(summary);
        })
        .catch(() => {})
        .finally(() => {
          watch.reading = false;
          if (watch.again && watch.listeners.size > 0) this.scheduleBatchRead(batchId, watch);
        });
    }, wait);
  }

  /**
   * Listens to any channel on the process's one pub/sub connection (list events use it); resolves
   * once subscribed, with the function that stops listening.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => void> {
    return this.subscriber.listen(channel, listener);
  }

  /**
   * Calls `onRevoked` with the id of each API key revoked from now on (`dossier keys revoke`), so
   * that this process ends the key's streams. Returns the way to stop listening.
   */
  onKeyRevoked(onRevoked: (keyId: string) => void): Promise<() => void> {
    return this.subscriber.listen(redisChannels.keyRevocations(this.settings.prefix), {
      message: onRevoked,
      // A revocation missed while the connection was down: the key's next call is refused anyway.
      resync: () => {},
    });
  }

  async close(): Promise<void> {
    for (const watch of this.batchWatches.values()) clearTimeout(watch.timer);
    this.batchWatches.clear();
    await this.subscriber.close();
  }
}
