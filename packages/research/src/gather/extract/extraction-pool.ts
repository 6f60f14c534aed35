import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { extractPage } from "./extract-page.js";
import type { ExtractedPage, ExtractInput } from "./extracted-page.js";
import type { ExtractionResult, ExtractionTask } from "./extraction-thread.js";

/** Settings of {@link ExtractionPool}. */
export interface ExtractionPoolSettings {
  /** Threads at most (`EXTRACTION_THREADS`); 0 extracts every page on the calling thread. Default 1. */
  threads?: number;
  /** Pages larger than this many characters go to a thread; smaller ones are extracted at once. Default 262144. */
  thresholdChars?: number;
  /** A thread with nothing to do for this long exits, giving its memory back, in milliseconds. Default 30000. */
  idleMs?: number;
}

/** Characters from which a page is extracted off the event loop: about 250 KB of HTML takes 100-200 ms. */
export const LARGE_PAGE_CHARS = 262_144;

interface Pending {
  task: ExtractionTask;
  resolve: (page: ExtractedPage) => void;
  reject: (error: Error) => void;
}

interface PoolThread {
  worker: Worker;
  busy: Pending | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * The thread's script: the built file beside this one. Tests run the TypeScript sources, whose
 * folder holds no JavaScript, so from `src/` the same path under `dist/` is taken.
 */
function threadScript(): string {
  const path = fileURLToPath(new URL("./extraction-thread.js", import.meta.url));
  return path.includes("/src/") && !path.includes("/dist/") ? path.replace("/src/", "/dist/") : path;
}

/**
 * Extracts large pages on a small pool of worker threads, so that a 2 MB page (about two seconds
 * of DOM parsing and Readability) does not stall the event loop that every other job of the
 * worker, and its queue lock renewals, run on. Threads start when the first large page comes and
 * exit when idle; small pages never leave the calling thread.
 */
export class ExtractionPool {
  readonly #threads: PoolThread[] = [];
  readonly #queue: Pending[] = [];
  readonly #maxThreads: number;
  readonly #thresholdChars: number;
  readonly #idleMs: number;
  #nextId = 0;
  #closed = false;

  constructor(settings: ExtractionPoolSettings = {}) {
    this.#maxThreads = settings.threads ?? 1;
    this.#thresholdChars = settings.thresholdChars ?? LARGE_PAGE_CHARS;
    this.#idleMs = settings.idleMs ?? 30_000;
  }

  /** Threads running now. */
  get threadCount(): number {
    return this.#threads.length;
  }

  /** Extracts a page: on a thread when it is large, at once otherwise. */
  extract(input: ExtractInput): Promise<ExtractedPage> | ExtractedPage {
    if (this.#maxThreads <= 0 || this.#closed || input.text.length <= this.#thresholdChars) return extractPage(input);
    return new Promise<ExtractedPage>((resolve, reject) => {
      this.#queue.push({ task: { id: this.#nextId++, input }, resolve, reject });
      this.#dispatch();
    });
  }

  /** Stops every thread; pages still queued fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const pending of this.#queue.splice(0)) pending.reject(new Error("the extraction pool was closed"));
    await Promise.all(this.#threads.splice(0).map((thread) => this.#stop(thread)));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let thread = this.#threads.find((candidate) => candidate.busy === null);
      if (!thread && this.#threads.length < this.#maxThreads) thread = this.#start();
      if (!thread) return;
      const pending = this.#queue.shift();
      if (!pending) return;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.busy = pending;
      // A thread at work keeps the process alive until its page is back; an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage(pending.task);
    }
  }

  #start(): PoolThread {
    const worker = new Worker(threadScript());
    const thread: PoolThread = { worker, busy: null, idleTimer: null };
    worker.on("message", (result: ExtractionResult) => {
      const pending = thread.busy;
      thread.busy = null;
      if (pending) {
        if ("page" in result) pending.resolve(result.page);
        else pending.reject(new Error(result.error));
      }
      this.#idle(thread);
      this.#dispatch();
      if (thread.busy === null) worker.unref();
    });
    worker.on("error", (error) => this.#lose(thread, error));
    worker.on("exit", () => this.#lose(thread, new Error("the extraction thread exited")));
    this.#threads.push(thread);
    return thread;
  }

  /** A thread that died: its page is extracted here instead, and a new thread serves the rest. */
  #lose(thread: PoolThread, _error: Error): void {
    const index = this.#threads.indexOf(thread);
    if (index === -1) return;
    this.#threads.splice(index, 1);
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    const pending = thread.busy;
    thread.busy = null;
    if (pending) {
      try {
        pending.resolve(extractPage(pending.task.input));
      } catch (error) {
        pending.reject(error as Error);
      }
    }
    if (!this.#closed) this.#dispatch();
  }

  #idle(thread: PoolThread): void {
    if (this.#queue.length > 0 || this.#closed) return;
    thread.idleTimer = setTimeout(() => {
      const index = this.#threads.indexOf(thread);
      if (index === -1 || thread.busy) return;
      this.#threads.splice(index, 1);
      void this.#stop(thread);
    }, this.#idleMs);
    thread.idleTimer.unref();
  }

  async #stop(thread: PoolThread): Promise<void> {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.worker.removeAllListeners("exit");
    await thread.worker.terminate();
  }
}
