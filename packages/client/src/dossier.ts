// The operations alone (no schemas): the console bundles this client.
import { listOperations, operationUrl } from "@dossier/contract/operations";
import { DossierApiError } from "./dossier-api-error.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import { readJsonLines, readServerSentEvents } from "./read-server-sent-events.js";
import { type RetryPolicy, retryDelayMs, sendWithRetry } from "./send-with-retry.js";
import type {
  BatchEvent,
  BatchList,
  BatchRequest,
  BatchResultLine,
  BatchStatus,
  CompanyResearchRequest,
  CompanyResearchResponse,
  JobEvent,
  JobStatus,
  ListEvent,
  ListItem,
  ListItemsPage,
  ListList,
  ListRequest,
  ListStatus,
  PersonResearchRequest,
  PersonResearchResponse,
  Problem,
  Watch,
  WatchEventList,
  WatchList,
  WatchRequest,
  WatchRunAccepted,
  WatchStreamEvent,
} from "./types.js";

export interface DossierOptions {
  /** The gateway, e.g. `http://127.0.0.1:8080`; `""` in a page served by the gateway itself. */
  baseUrl: string;
  /** The API key, sent as `x-api-key`. */
  apiKey: string;
  /** Retries of a call answered 429 or 503, honouring `Retry-After`. Default 2. */
  maxRetries?: number;
  /** First backoff without `Retry-After`, in milliseconds; doubles each retry, with jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Longest wait before one retry, in milliseconds. Default 30000. */
  retryMaxDelayMs?: number;
  /** The fetch to use. Default the global one. */
  fetch?: typeof fetch;
  /** Headers sent with every call besides the key (an `x-request-id` to follow calls in the logs, say). */
  headers?: Record<string, string>;
}

/** Options of every call. */
export interface CallOptions {
  /** Aborts the call (and any wait before a retry). */
  signal?: AbortSignal;
  /** Retries of this call on 429 and 503, instead of the client's `maxRetries`. */
  maxRetries?: number;
}

/** Options of a research call. */
export interface ResearchOptions extends CallOptions {
  /**
   * Told about each event of the research job as it happens (`queued`, `searching`, `reading`, ...).
   * When given, the call streams its events (`Accept: text/event-stream`) instead of waiting
   * silently, so no time-out or idle proxy cuts a long research short.
   */
  onProgress?: (event: JobEvent) => void;
}

/** Options of an event stream. */
export interface EventOptions extends CallOptions {
  /** Resume after this event id (`Last-Event-ID`). */
  lastEventId?: string;
  /** Reconnections after a dropped stream, each resuming after the last event received. Default 5. */
  maxReconnects?: number;
}

/** Options of reading a batch's results. */
export interface BatchResultsOptions extends CallOptions {
  /** Only the lines past this item index (`?after=INDEX`); the batch may still be running. */
  after?: number;
  /** Keep reading, as items finish, until every line has come. Default false. */
  follow?: boolean;
  /** How often to look for new lines when following, in milliseconds. Default 1000. */
  pollIntervalMs?: number;
}

/** Options of reading a list's items. */
export interface ListItemsOptions extends CallOptions {
  /** Only items of this status. */
  status?: "matched" | "unmatched" | "unclear";
  /** Only the items past this index (`?after=`); default from the first. */
  after?: number;
  /** Keep reading, as items are decided, until the list is finished. Default false. */
  follow?: boolean;
  /** How often to look for new items when following, in milliseconds. Default 1000. */
  pollIntervalMs?: number;
}

/** What one call sends besides its method and path. */
interface SendInit extends CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

const TERMINAL_JOB_EVENTS = new Set(["done", "failed"]);
const TERMINAL_BATCH_EVENTS = new Set(["done"]);
const FINISHED_LIST = new Set(["done", "cancelled", "failed"]);
const TERMINAL_WATCH_EVENTS = new Set(["deleted"]);

const wait = (milliseconds: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * The Dossier API, typed from its contract. Every call answers the parsed body or throws a
 * DossierApiError carrying the problem+json; 429 and 503 answers are retried with backoff.
 *
 * ```ts
 * const dossier = new Dossier({ baseUrl: "http://127.0.0.1:8080", apiKey: process.env.DOSSIER_API_KEY! });
 * const answer = await dossier.researchCompany({ question: "Is it SOC 2 certified?", responseType: "BOOL",
 *   company: { name: "Northwind Robotics" } });
 * ```
 */
export class Dossier {
  readonly #baseUrl: string;
  readonly #apiKey: string;
  readonly #retry: RetryPolicy;
  readonly #fetch: typeof fetch;
  readonly #headers: Record<string, string>;

  constructor(options: DossierOptions) {
    this.#headers = { ...options.headers };
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#apiKey = options.apiKey;
    this.#retry = {
      maxRetries: options.maxRetries ?? 2,
      baseDelayMs: options.retryBaseDelayMs ?? 500,
      maxDelayMs: options.retryMaxDelayMs ?? 30_000,
    };
    const fetchImplementation = options.fetch ?? globalThis.fetch;
    // Called through a closure: a browser's fetch refuses to run as a method of another object.
    this.#fetch = (input, init) => fetchImplementation(input, init);
  }

  /** Sends one call with the key, retrying 429 and 503; resolves with the successful response. */
  #send(method: "GET" | "POST" | "DELETE", path: string, init: SendInit = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.#headers, "x-api-key": this.#apiKey, ...init.headers };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    return sendWithRetry(
      () =>
        this.#fetch(`${this.#baseUrl}${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body } : {}),
          ...(init.signal ? { signal: init.signal } : {}),
        }),
      init.maxRetries === undefined ? this.#retry : { ...this.#retry, maxRetries: init.maxRetries },
      init.signal,
    );
  }

  async #json<T>(method: "GET" | "POST" | "DELETE", path: string, init: SendInit = {}): Promise<T> {
    const response = await this.#send(method, path, init);
    return (await response.json()) as T;
  }

  /** Answers a question about a company (`POST /v1/research/company`). */
  researchCompany(request: CompanyResearchRequest, options: ResearchOptions = {}): Promise<CompanyResearchResponse> {
    return this.#research("company", request, options);
  }

  /** Answers a question about a person, with the enriched person (`POST /v1/research/person`). */
  researchPerson(request: PersonResearchRequest, options: ResearchOptions = {}): Promise<PersonResearchResponse> {
    return this.#research("person", request, options);
  }

  async #research<T>(kind: "company" | "person", request: unknown, options: ResearchOptions): Promise<T> {
    const path = `/v1/research/${kind}`;
    if (!options.onProgress) return this.#json<T>("POST", path, { body: request, ...callOptionsOf(options) });
    const response = await this.#send("POST", path, {
      body: request,
      headers: { accept: "text/event-stream" },
      ...callOptionsOf(options),
    });
    // A gateway that does not stream answers the body itself.
    if (!response.headers.get("content-type")?.startsWith("text/event-stream")) return (await response.json()) as T;
    const jobId = response.headers.get("x-job-id") ?? "";
    let lastEventId: string | undefined;
    try {
      for await (const event of this.#parseEvents<JobEvent>(response)) {
        if (event.id) lastEventId = event.id;
        const outcome = settle<T>(event, options);
        if (outcome) return outcome.result;
      }
    } catch (error) {
      if (error instanceof DossierApiError || options.signal?.aborted || !jobId) throw error;
    }
    // The stream dropped before the answer: follow the same job from where it stopped.
    for await (const event of this.events(
      { jobId },
      { ...callOptionsOf(options), ...(lastEventId ? { lastEventId } : {}) },
    )) {
      const outcome = settle<T>(event, options);
      if (outcome) return outcome.result;
    }
    throw new Error(`The events of job ${jobId} ended without its answer.`);
  }

  async *#parseEvents<T extends { type: string; id: string; data: unknown }>(response: Response): AsyncGenerator<T> {
    if (!response.body) return;
    for await (const event of readServerSentEvents(response.body)) {
      yield { type: event.event, id: event.id ?? "", data: JSON.parse(event.data) as unknown } as T;
    }
  }

  /** A research job (`GET /v1/jobs/{id}`): one made with `Prefer: respond-async`, or one that outlived its call. */
  getJob(id: string, options: CallOptions = {}): Promise<JobStatus> {
    return this.#json("GET", `/v1/jobs/${encodeURIComponent(id)}`, callOptionsOf(options));
  }

  /**
   * Submits a batch (`POST /v1/batches`). An `Idempotency-Key` is sent with it (a new one unless
   * given), so a retried submission never makes a second batch.
   */
  createBatch(request: BatchRequest, options: CallOptions & { idempotencyKey?: string } = {}): Promise<BatchStatus> {
    return this.#json("POST", "/v1/batches", {
      body: request,
      headers: { "idempotency-key": options.idempotencyKey ?? newIdempotencyKey() },
      ...callOptionsOf(options),
    });
  }

  /** A batch's progress (`GET /v1/batches/{id}`). */
  getBatch(id: string, options: CallOptions = {}): Promise<BatchStatus> {
    return this.#json("GET", `/v1/batches/${encodeURIComponent(id)}`, callOptionsOf(options));
  }

  /** One page of this key's batches, newest first (`GET /v1/batches`). */
  listBatches(page: { limit?: number; after?: string } = {}, options: CallOptions = {}): Promise<BatchList> {
    return this.#json("GET", `/v1/batches${pageQuery(page)}`, callOptionsOf(options));
  }

  /** Cancels a batch (`POST /v1/batches/{id}/cancel`): queued items are cancelled, running ones finish. */
  cancelBatch(id: string, options: CallOptions = {}): Promise<BatchStatus> {
    return this.#json("POST", `/v1/batches/${encodeURIComponent(id)}/cancel`, callOptionsOf(options));
  }

  /**
   * A batch's result lines in item order (`GET /v1/batches/{id}/results`, NDJSON), as they arrive.
   * Without options the batch must be finished (else a DossierApiError `BATCH_NOT_DONE`); with
   * `after` the lines finished so far past that index; with `follow` every line, waiting for the
   * items still running.
   */
  async *batchResults(id: string, options: BatchResultsOptions = {}): AsyncGenerator<BatchResultLine> {
    const path = `/v1/batches/${encodeURIComponent(id)}/results`;
    if (!options.follow && options.after === undefined) {
      const response = await this.#send("GET", path, callOptionsOf(options));
      if (response.body) yield* readJsonLines<BatchResultLine>(response.body);
      return;
    }
    let last = options.after ?? -1;
    const total = options.follow ? (await this.getBatch(id, options)).total : 0;
    for (;;) {
      const response = await this.#send("GET", `${path}?after=${last}`, callOptionsOf(options));
      if (response.body) {
        for await (const line of readJsonLines<BatchResultLine>(response.body)) {
          last = line.index;
          yield line;
        }
      }
      if (!options.follow || last + 1 >= total) return;
      await wait(options.pollIntervalMs ?? 1_000, options.signal);
    }
  }

  /** A batch's results as text, NDJSON or CSV, for a file (`GET /v1/batches/{id}/results?format=`). */
  async batchResultsText(id: string, options: CallOptions & { format?: "ndjson" | "csv" } = {}): Promise<string> {
    const format = options.format ?? "ndjson";
    const response = await this.#send(
      "GET",
      `/v1/batches/${encodeURIComponent(id)}/results?format=${format}`,
      callOptionsOf(options),
    );
    return response.text();
  }

  /**
   * Starts a list (`POST /v1/lists`): every company or person the objective describes that meets
   * every criterion. An `Idempotency-Key` is sent with it (a new one unless given), so a retried
   * submission never makes a second list.
   */
  createList(request: ListRequest, options: CallOptions & { idempotencyKey?: string } = {}): Promise<ListStatus> {
    return this.#json(listOperations.createList.method, operationUrl(listOperations.createList, {}), {
      body: request,
      headers: { "idempotency-key": options.idempotencyKey ?? newIdempotencyKey() },
      ...callOptionsOf(options),
    });
  }

  /** One page of this key's lists, newest first (`GET /v1/lists`). */
  listLists(page: { limit?: number; after?: string } = {}, options: CallOptions = {}): Promise<ListList> {
    const query = new URLSearchParams();
    if (page.limit !== undefined) query.set("limit", String(page.limit));
    if (page.after !== undefined) query.set("after", page.after);
    const suffix = query.size > 0 ? `?${query}` : "";
    return this.#json(
      listOperations.listLists.method,
      `${operationUrl(listOperations.listLists, {})}${suffix}`,
      callOptionsOf(options),
    );
  }

  /** A list's progress (`GET /v1/lists/{id}`). */
  getList(id: string, options: CallOptions = {}): Promise<ListStatus> {
    return this.#json(
      listOperations.getList.method,
      operationUrl(listOperations.getList, { id }),
      callOptionsOf(options),
    );
  }

  /** One page of a list's items, in the order they were decided (`GET /v1/lists/{id}/items`). */
  listItemsPage(
    id: string,
    page: { after?: number; limit?: number; status?: ListItemsOptions["status"] } = {},
    options: CallOptions = {},
  ): Promise<ListItemsPage> {
    const query = new URLSearchParams();
    if (page.after !== undefined) query.set("after", String(page.after));
    if (page.limit !== undefined) query.set("limit", String(page.limit));
    if (page.status !== undefined) query.set("status", page.status);
    const suffix = query.size > 0 ? `?${query}` : "";
    return this.#json(
      listOperations.getListItems.method,
      `${operationUrl(listOperations.getListItems, { id })}${suffix}`,
      callOptionsOf(options),
    );
  }

  /**
   * A list's items, page after page, from the first (or past `after`); with `follow`, waiting for
   * the items still to be decided until the list is finished.
   */
  async *listItems(id: string, options: ListItemsOptions = {}): AsyncGenerator<ListItem> {
    let after = options.after ?? -1;
    for (;;) {
      const status = options.follow ? (await this.getList(id, options)).status : "done";
      for (;;) {
        const page = await this.listItemsPage(
          id,
          { after, limit: 1_000, ...(options.status ? { status: options.status } : {}) },
          options,
        );
        for (const item of page.items) {
          after = item.index;
          yield item;
        }
        if (!page.hasMore) break;
      }
      if (FINISHED_LIST.has(status)) return;
      await wait(options.pollIntervalMs ?? 1_000, options.signal);
    }
  }

  /** A list's items as CSV, one row per item (`GET /v1/lists/{id}/items?format=csv`). */
  async listItemsCsv(id: string, options: CallOptions & { status?: ListItemsOptions["status"] } = {}): Promise<string> {
    const query = new URLSearchParams({ format: "csv" });
    if (options.status) query.set("status", options.status);
    const response = await this.#send(
      listOperations.getListItems.method,
      `${operationUrl(listOperations.getListItems, { id })}?${query}`,
      callOptionsOf(options),
    );
    return response.text();
  }

  /** Cancels a list (`POST /v1/lists/{id}/cancel`): it stops looking; items decided stay. */
  cancelList(id: string, options: CallOptions = {}): Promise<ListStatus> {
    return this.#json(
      listOperations.cancelList.method,
      operationUrl(listOperations.cancelList, { id }),
      callOptionsOf(options),
    );
  }

  /** Asks a list for more matches (`POST /v1/lists/{id}/extend`). */
  extendList(id: string, limit: number, options: CallOptions = {}): Promise<ListStatus> {
    return this.#json(listOperations.extendList.method, operationUrl(listOperations.extendList, { id }), {
      body: { limit },
      ...callOptionsOf(options),
    });
  }

  /**
   * Makes a watch (`POST /v1/watches`): the research request asked again `every` 1h to 30d,
   * reporting what changed with the quotes before and after (docs/watches.md). Its first run starts
   * at once and sets the baseline.
   */
  createWatch(request: WatchRequest, options: CallOptions = {}): Promise<Watch> {
    return this.#json("POST", "/v1/watches", { body: request, ...callOptionsOf(options) });
  }

  /** A watch, its last run and last answer (`GET /v1/watches/{id}`). */
  getWatch(id: string, options: CallOptions = {}): Promise<Watch> {
    return this.#json("GET", `/v1/watches/${encodeURIComponent(id)}`, callOptionsOf(options));
  }

  /** One page of this key's watches, newest first (`GET /v1/watches`). */
  listWatches(page: { limit?: number; after?: string } = {}, options: CallOptions = {}): Promise<WatchList> {
    return this.#json("GET", `/v1/watches${pageQuery(page)}`, callOptionsOf(options));
  }

  /** Stops and deletes a watch at once (`DELETE /v1/watches/{id}`). */
  async deleteWatch(id: string, options: CallOptions = {}): Promise<void> {
    await this.#send("DELETE", `/v1/watches/${encodeURIComponent(id)}`, callOptionsOf(options));
  }

  /** Runs a watch now, outside its schedule (`POST /v1/watches/{id}/run`); see `lastRun` for the outcome. */
  runWatch(id: string, options: CallOptions = {}): Promise<WatchRunAccepted> {
    return this.#json("POST", `/v1/watches/${encodeURIComponent(id)}/run`, callOptionsOf(options));
  }

  /** One page of a watch's change events, newest first (`GET /v1/watches/{id}/events`). */
  watchEvents(
    id: string,
    page: { limit?: number; after?: string } = {},
    options: CallOptions = {},
  ): Promise<WatchEventList> {
    return this.#json("GET", `/v1/watches/${encodeURIComponent(id)}/events${pageQuery(page)}`, callOptionsOf(options));
  }

  /**
   * The events of a job, a batch, a list or a watch (Server-Sent Events), as they happen, until the
   * final one (`done` or `failed` for a job, `done` for a batch or a list, `deleted` for a watch). A
   * dropped stream is resumed after the last event received, so none is lost or repeated.
   */
  events(target: { jobId: string }, options?: EventOptions): AsyncGenerator<JobEvent>;
  events(target: { batchId: string }, options?: EventOptions): AsyncGenerator<BatchEvent>;
  events(target: { listId: string }, options?: EventOptions): AsyncGenerator<ListEvent>;
  /** A watch followed live: `watch` at once, then `change` and `run` as runs are recorded, until `deleted`. */
  events(target: { watchId: string }, options?: EventOptions): AsyncGenerator<WatchStreamEvent>;
  events(
    target: { jobId: string } | { batchId: string } | { listId: string } | { watchId: string },
    options: EventOptions = {},
  ): AsyncGenerator<JobEvent | BatchEvent | ListEvent | WatchStreamEvent> {
    if ("listId" in target)
      return this.#follow<ListEvent>(
        operationUrl(listOperations.getListEvents, { id: target.listId }),
        TERMINAL_BATCH_EVENTS,
        options,
      );
    if ("watchId" in target)
      return this.#follow<WatchStreamEvent>(
        `/v1/watches/${encodeURIComponent(target.watchId)}/events`,
        TERMINAL_WATCH_EVENTS,
        options,
      );
    return "jobId" in target
      ? this.#follow<JobEvent>(`/v1/jobs/${encodeURIComponent(target.jobId)}/events`, TERMINAL_JOB_EVENTS, options)
      : this.#follow<BatchEvent>(
          `/v1/batches/${encodeURIComponent(target.batchId)}/events`,
          TERMINAL_BATCH_EVENTS,
          options,
        );
  }

  async *#follow<T extends JobEvent | BatchEvent | ListEvent | WatchStreamEvent>(
    path: string,
    terminal: Set<string>,
    options: EventOptions,
  ): AsyncGenerator<T> {
    let lastEventId = options.lastEventId;
    let reconnects = 0;
    for (;;) {
      let ended = false;
      try {
        const response = await this.#send("GET", path, {
          headers: { accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
          ...callOptionsOf(options),
        });
        if (response.status === 204) return;
        for await (const event of this.#parseEvents<T>(response)) {
          if (event.id) lastEventId = event.id;
          reconnects = 0;
          yield event;
          if (terminal.has(event.type)) return;
        }
        ended = true;
      } catch (error) {
        if (error instanceof DossierApiError || options.signal?.aborted) throw error;
      }
      reconnects += 1;
      if (reconnects > (options.maxReconnects ?? 5)) {
        throw new Error(
          `The event stream of ${path} ${ended ? "ended" : "failed"} ${reconnects} times before its final event.`,
        );
      }
      await wait(retryDelayMs(this.#retry, reconnects - 1, undefined), options.signal);
    }
  }
}

/** `?limit=&after=` of a listing, or nothing. */
function pageQuery(page: { limit?: number; after?: string }): string {
  const query = new URLSearchParams();
  if (page.limit !== undefined) query.set("limit", String(page.limit));
  if (page.after !== undefined) query.set("after", page.after);
  return query.size > 0 ? `?${query}` : "";
}

/** The per-call options a call passes on to #send. */
function callOptionsOf(options: CallOptions): CallOptions {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  };
}

/** The outcome a job event carries: the answer of `done`, or the problem of `failed` thrown. */
function settle<T>(event: JobEvent, options: ResearchOptions): { result: T } | undefined {
  options.onProgress?.(event);
  if (event.type === "done") return { result: event.data.result as T };
  if (event.type === "failed") throw new DossierApiError(event.data.problem as Problem);
  return undefined;
}
