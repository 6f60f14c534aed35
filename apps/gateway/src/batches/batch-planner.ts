import { Worker } from "node:worker_threads";
import { type BatchPlanInput, type BatchPlanOutcome, planBatch } from "./plan-batch.js";

/** Bodies up to this size are planned on the event loop: a thread's round trip would cost more. */
export const INLINE_PLAN_BYTES = 64 * 1024;

interface PendingPlan {
  resolve: (outcome: BatchPlanOutcome) => void;
  reject: (error: Error) => void;
}

/**
 * Plans batch bodies (`planBatch`) off the event loop. Parsing, checking and encoding a 32 MB batch
 * takes seconds of CPU; on the event loop it kept every other call of the gateway waiting, health
 * checks included. One worker thread, started with the first large body, takes the bodies in turn;
 * small ones are planned at once. A thread that dies fails the bodies it held and is started again.
 * Bodies and planned batches cross as transferred buffers, so that neither is copied on the event
 * loop nor adds tens of megabytes of strings to its heap.
 */
export class BatchPlanner {
  #thread: Worker | undefined;
  #nextId = 0;
  readonly #pending = new Map<number, PendingPlan>();
  readonly #planning: { inc(): void; dec(): void } | undefined;

  /** `planning` counts the bodies in the thread's hands (the gateway's `dossier_batch_bodies_planning`). */
  constructor(options: { planning?: { inc(): void; dec(): void } } = {}) {
    this.#planning = options.planning;
  }

  plan(input: BatchPlanInput): Promise<BatchPlanOutcome> {
    if (input.byteLength <= INLINE_PLAN_BYTES) return Promise.resolve(planBatch(input));
    const id = this.#nextId++;
    const thread = this.#threadOrStart();
    thread.ref();
    this.#planning?.inc();
    return new Promise<BatchPlanOutcome>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // The body's blocks move to the thread rather than being copied or joined on the event loop;
      // a block that does not fill its memory (the last one of a decompressed body) is copied: 1 MB at most.
      const blocks = input.blocks.map((block) =>
        block.byteOffset === 0 && block.byteLength === block.buffer.byteLength ? block : new Uint8Array(block),
      );
      thread.postMessage({ id, input: { ...input, blocks } }, [
        ...new Set(blocks.map((block) => block.buffer as ArrayBuffer)),
      ]);
    }).finally(() => this.#planning?.dec());
  }

  #threadOrStart(): Worker {
    if (this.#thread) return this.#thread;
    const thread = new Worker(new URL("./plan-batch-thread.js", import.meta.url));
    thread.on("message", (message: { id: number; outcome?: BatchPlanOutcome; error?: string }) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.outcome) pending.resolve(message.outcome);
      else pending.reject(new Error(`planning the batch failed: ${message.error ?? "unknown error"}`));
      if (this.#pending.size === 0) thread.unref();
    });
    const fail = (error: Error) => {
      if (this.#thread === thread) this.#thread = undefined;
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(error);
      }
    };
    thread.on("error", fail);
    thread.on("exit", (code) => fail(new Error(`the batch planning thread exited (${code})`)));
    this.#thread = thread;
    return thread;
  }

  /** Ends the thread, if one runs. */
  async close(): Promise<void> {
    const thread = this.#thread;
    this.#thread = undefined;
    await thread?.terminate();
  }
}
