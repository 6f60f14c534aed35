/** Settings of {@link HostLimiter}. */
export interface HostLimiterSettings {
  /** Most requests in flight to one host at a time. */
  concurrency: number;
  /**
   * Polite spacing, in milliseconds: at most `concurrency` requests to one host start within any
   * window of this length. The first `concurrency` requests go at once; later ones are spaced.
   */
  delayMs: number;
}

interface HostState {
  active: number;
  /** Start times (ms since epoch) of the latest `concurrency` requests, oldest first. */
  starts: number[];
  waiters: Array<() => void>;
}

/** Keeps the fetcher polite: a few requests per host at a time, and at most that many per delay window. */
export class HostLimiter {
  readonly #settings: HostLimiterSettings;
  readonly #hosts = new Map<string, HostState>();

  constructor(settings: HostLimiterSettings) {
    this.#settings = settings;
  }

  /** Runs `task` once `host` has a free slot and the window allows another start. */
  async run<T>(host: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const state = this.#stateOf(host);
    await this.#acquire(state, signal);
    try {
      const { concurrency, delayMs } = this.#settings;
      const now = Date.now();
      // The start `concurrency` places back bounds this one; it is reserved before sleeping so
      // that requests waiting together take successive places.
      const boundingStart =
        state.starts.length >= concurrency ? state.starts[state.starts.length - concurrency]! : -Infinity;
      const startAt = Math.max(now, boundingStart + delayMs);
      state.starts.push(startAt);
      if (state.starts.length > concurrency) state.starts.shift();
      if (startAt > now) await sleep(startAt - now, signal);
      return await task();
    } finally {
      this.#release(host, state);
    }
  }

  #stateOf(host: string): HostState {
    let state = this.#hosts.get(host);
    if (state === undefined) {
      state = { active: 0, starts: [], waiters: [] };
      this.#hosts.set(host, state);
    }
    return state;
  }

  async #acquire(state: HostState, signal: AbortSignal): Promise<void> {
    while (state.active >= this.#settings.concurrency) {
      signal.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          state.waiters.splice(state.waiters.indexOf(wake), 1);
          reject(signal.reason);
        };
        const wake = () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        };
        state.waiters.push(wake);
        signal.addEventListener("abort", onAbort, { once: true });
      });
    }
    state.active += 1;
  }

  #release(host: string, state: HostState): void {
    state.active -= 1;
    state.waiters.shift()?.();
    this.#forgetWhenIdle(host, state);
  }

  // Forget idle hosts once their delay has passed, so a long-running worker does not keep one
  // entry for every host it ever fetched from.
  #forgetWhenIdle(host: string, state: HostState): void {
    if (state.active !== 0 || state.waiters.length !== 0) return;
    const remaining = Math.max(...state.starts, 0) + this.#settings.delayMs - Date.now();
    if (remaining <= 0) {
      if (this.#hosts.get(host) === state) this.#hosts.delete(host);
      return;
    }
    setTimeout(() => this.#forgetWhenIdle(host, state), remaining).unref();
  }
}

function sleep(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
