import { randomBytes } from "node:crypto";
import type {
  Company,
  Effort,
  ListCounts,
  ListCriterion,
  ListEntityType,
  ListFailedSearch,
  ListFoundOn,
  ListStopReason,
  ListUnreadPage,
  ListUsage,
  ListVerdict,
  Metadata,
  NormalizedListRequest,
  Person,
} from "@dossier/contract";
import { Queue } from "bullmq";
import { CALLBACK_QUEUE, LIST_QUEUE, redisChannels, redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";
import { RedisScript } from "../redis-script.js";
import type { ChargeNote } from "../usage/usage-ledger.js";

/** A candidate as a list stores it: what discovery found (see `Candidate` in `@dossier/research`). */
export interface ListCandidate {
  id: string;
  name: string;
  company?: Company;
  person?: Person;
  foundOn: ListFoundOn[];
  /** The candidate's entry text on each page of `foundOn`. */
  cards: string[];
}

/**
 * What a list's discovery could and could not read, kept with the list: a watch of the list tells
 * a match no page lists any more from one whose page could not be read this time.
 */
export interface ListDiscoveryRecord {
  /**
   * Pages read, and pages that answered for good with nothing to read (a 404, robots.txt forbids
   * them): what they list is among the candidates, and nothing else.
   */
  read: string[];
  /** Pages tried and not read for a reason that may pass (a time-out, a 5xx): what they list is missing. */
  unreadPages: ListUnreadPage[];
  /** Searches that failed: what they would have found is missing too. */
  failedSearches: ListFailedSearch[];
}

/** What a list's discovery found, and what it could and could not read. */
export interface ListDiscovery extends ListDiscoveryRecord {
  /** The candidates, most relevant first, the excluded left out. */
  candidates: ListCandidate[];
}

/** A decided item as stored: the public item without its `index`, which is its position. */
export interface StoredListItem {
  id: string;
  status: "matched" | "unmatched" | "unclear";
  company?: Company;
  person?: Person;
  foundOn: ListFoundOn[];
  verdicts: ListVerdict[];
  answerObject?: Record<string, unknown>;
  fieldCitations?: Record<string, Array<{ url: string; quote: string }>>;
}

/** A stored item with its position. */
export type ListItemRecord = StoredListItem & { index: number };

/**
 * The candidates one research batch covers, by position: new ones (`start` to `end - 1`, the list's
 * submitted count moving from `start` to `end`) and any handed back from an earlier wave whose
 * research was cancelled before it ran (a list stopped at its limit, then extended).
 */
export interface ListWave {
  batchId: string;
  positions: number[];
  start: number;
  end: number;
}

/** A list as stored: its request, where its runner got, its counts and usage. */
export interface StoredList {
  id: string;
  /** Id of the API key that made it. */
  keyId: string;
  status: "queued" | "running" | "done" | "cancelled" | "failed";
  objective: string;
  entityType: ListEntityType;
  criteria: ListCriterion[];
  criteriaDerived: boolean;
  limit: number;
  effort: Effort;
  outputSchema?: Record<string, unknown>;
  exclude: Array<Company | Person>;
  callbackUrl: string | null;
  metadata?: Metadata;
  createdAt: string;
  finishedAt: string | null;
  stopReason?: ListStopReason;
  problem?: { code: string; detail: string };
  counts: ListCounts;
  usage: ListUsage;
  /** True once discovery stored the candidates. */
  discovered: boolean;
  /** Candidates handed to research so far (positions `0` to `submitted - 1`). */
  submitted: number;
  /** How many runner jobs the list has had (one, plus one per extension that restarted it). */
  runs: number;
  /**
   * The oldest page, search or stored result its discovery and research accept, in seconds; absent:
   * any the caches hold. A watch's run sets it, so that it sees the web as it is now.
   */
  maxAgeSeconds?: number;
  /** The watch whose run made this list, when one did. */
  watchId?: string;
  /** What discovery could and could not read; absent until it ran (and on lists stored before it was kept). */
  discovery?: ListDiscoveryRecord;
}

/** What a list made by a watch's run carries besides its request. */
export interface ListCreateOptions {
  /**
   * The list's id ({@link newListId}) and creation time (ms since epoch), the same each time the
   * creation is made again (a held write after a failover, docs/decisions/0012): a list the store
   * holds already under this id is taken as made. Default: new ones.
   */
  id?: string;
  createdAt?: number;
  /** Told the list's id before anything is written (an `Idempotency-Key` notes it). */
  onNamed?: (listId: string) => Promise<void>;
  /** The oldest evidence the list accepts, in seconds (see {@link StoredList.maxAgeSeconds}). */
  maxAgeSeconds?: number;
  /** The watch making it. */
  watchId?: string;
}

/** What a list's research spent, added as items are decided. */
export interface ListUsageIncrements {
  researchRuns?: number;
  modelCalls?: number;
  promptTokens?: number;
  completionTokens?: number;
  searches?: number;
  pagesFetched?: number;
}

export interface ListStoreSettings {
  prefix: string;
  /** Command connection. */
  redis: RedisClient;
  /** The connection of the list queue (no pipelining). Default `redis`. */
  queueConnection?: RedisClient;
  /** How long a list and its items are kept, in seconds (the batches' `BATCH_TTL_SECONDS`). */
  ttlSeconds: number;
  /** Most candidates any list may evaluate (`LIST_MAX_CANDIDATES`). */
  maxCandidates: number;
  /** Delivery attempts of a completion callback. Default 8. */
  callbackAttempts?: number;
  /** First retry delay of a callback, in milliseconds; doubles each time, with jitter. Default 5000. */
  callbackBackoffMs?: number;
}

/** A new list's id. */
export function newListId(): string {
  return `l-${randomBytes(12).toString("base64url")}`;
}

/**
 * What an extension did: `restarted` (a list that stopped at its limit or budget runs again, as
 * runner `run`), `raised` (a running list looks further), `final` (cancelled or failed: it cannot
 * go on) or `not-higher` (the limit asked is not above the list's).
 */
export type ListExtension = { outcome: "restarted"; run: number } | { outcome: "raised" | "final" | "not-higher" };

/** Events a list's stream keeps at most (older ones are dropped; items stay readable through the items). */
export const LIST_EVENTS_MAX_ENTRIES = 20_000;

/** Candidates a list may evaluate per match wanted, by effort: its budget. */
const CANDIDATES_PER_MATCH: Record<Effort, number> = { lite: 3, standard: 6, deep: 12 };
/** Fewest candidates any list may evaluate. */
const MIN_BUDGET = 20;

/** The most candidates a list may evaluate for its limit and effort, within the server's cap. */
export function listBudget(limit: number, effort: Effort, cap: number): number {
  return Math.min(cap, Math.max(MIN_BUDGET, limit * CANDIDATES_PER_MATCH[effort]));
}

const USAGE_FIELDS = [
  "researchRuns",
  "modelCalls",
  "promptTokens",
  "completionTokens",
  "searches",
  "pagesFetched",
] as const;

/**
 * Appends one event to the list's stream and announces it. KEYS: list hash, events stream. ARGV:
 * event name, JSON data, max entries, ttl, channel.
 */
const APPEND_EVENT = `
local function append_event(listKey, eventsKey, name, data, maxEntries, channel)
  local id = redis.call('XADD', eventsKey, 'MAXLEN', '~', maxEntries, '*', 'e', name, 'd', data)
  local ttl = redis.call('PTTL', listKey)
  if ttl > 0 then redis.call('PEXPIRE', eventsKey, ttl) end
  redis.call('PUBLISH', channel, id)
  return id
end
`;

/**
 * Records a new list once: its hash (unless it holds the list already: a creation made again after
 * a failover changes nothing of a list that its runner may have moved on), its place among its
 * key's lists and open lists. Returns 1 when made now. KEYS: list, key's lists, key's open lists.
 * ARGV: ttl, creation time (ms), list id, then the hash's fields and values.
 */
const CREATE_SCRIPT = new RedisScript(`
if redis.call('HEXISTS', KEYS[1], 'id') == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[3])
return 1
`);

/**
 * Stores the candidates once, with what discovery could and could not read: a second call (a runner
 * started again after a crash) changes nothing. KEYS: list, candidates, events. ARGV: count, max
 * entries, channel, usage JSON (flat pairs), discovery record JSON, then the candidates as JSON,
 * then their event data.
 */
const SAVE_CANDIDATES_SCRIPT = new RedisScript(`${APPEND_EVENT}
if redis.call('HGET', KEYS[1], 'discovered') == '1' then return 0 end
local count = tonumber(ARGV[1])
for index = 1, count do redis.call('RPUSH', KEYS[2], ARGV[5 + index]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 and count > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
local usage = cjson.decode(ARGV[4])
for field, value in pairs(usage) do redis.call('HINCRBY', KEYS[1], 'u.' .. field, value) end
redis.call('HSET', KEYS[1], 'discovered', '1', 'candidates', count, 'discovery', ARGV[5])
for index = 1, count do append_event(KEYS[1], KEYS[3], 'candidate', ARGV[5 + count + index], ARGV[2], ARGV[3]) end
append_event(KEYS[1], KEYS[3], 'progress', '{}', ARGV[2], ARGV[3])
return 1
`);

/**
 * Records a wave when the list has submitted exactly `start` candidates (so that two runners never
 * both submit the same ones). KEYS: list, waves. ARGV: start, end, wave JSON.
 */
const ADD_WAVE_SCRIPT = new RedisScript(`
if tonumber(redis.call('HGET', KEYS[1], 'submitted') or '0') ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[3])
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('HSET', KEYS[1], 'submitted', ARGV[2])
return 1
`);

/**
 * Records one candidate's item once: appends it, counts it, adds its usage and announces it. Not
 * after the list finished (a cancelled list keeps what it had), nor a match once the list has its
 * limit of matches. Returns the item's index, or -1.
 * KEYS: list, items, decided, events. ARGV: candidate position, status, item JSON, usage JSON, max
 * entries, channel.
 */
const RECORD_ITEM_SCRIPT = new RedisScript(`${APPEND_EVENT}
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'running' then return -1 end
if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then return -1 end
-- A match past the limit is not kept: the list has what it asked for.
if ARGV[2] == 'matched' and tonumber(redis.call('HGET', KEYS[1], 'matched') or '0') >= tonumber(redis.call('HGET', KEYS[1], 'limit') or '0') then return -1 end
local index = redis.call('RPUSH', KEYS[2], ARGV[3]) - 1
redis.call('HSET', KEYS[3], ARGV[1], index)
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
end
redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
redis.call('HINCRBY', KEYS[1], 'evaluated', 1)
local usage = cjson.decode(ARGV[4])
for field, value in pairs(usage) do redis.call('HINCRBY', KEYS[1], 'u.' .. field, value) end
append_event(KEYS[1], KEYS[4], ARGV[2], '{"index":' .. index .. '}', ARGV[5], ARGV[6])
return index
`);

/**
 * Finishes a list that is running or queued: status, stop reason or problem, finishedAt, out of its
 * key's open lists, and a `done` event. A cancelled list keeps its status and gets finishedAt.
 * Returns 1 when it finished now. KEYS: list, events. ARGV: status, stopReason, problem JSON, now,
 * open-lists prefix, list id, max entries, channel.
 */
const FINISH_SCRIPT = new RedisScript(`${APPEND_EVENT}
local status = redis.call('HGET', KEYS[1], 'status')
if not status or status == 'done' or status == 'failed' then return 0 end
if status == 'cancelled' then
  local finished = redis.call('HGET', KEYS[1], 'finishedAt')
  if finished and finished ~= '' then return 0 end
  redis.call('HSET', KEYS[1], 'finishedAt', ARGV[4])
else
  redis.call('HSET', KEYS[1], 'status', ARGV[1], 'finishedAt', ARGV[4])
  if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'stopReason', ARGV[2]) end
  if ARGV[3] ~= '' then redis.call('HSET', KEYS[1], 'problem', ARGV[3]) end
end
local owner = redis.call('HGET', KEYS[1], 'keyId')
if owner then redis.call('SREM', ARGV[5] .. owner, ARGV[6]) end
append_event(KEYS[1], KEYS[2], 'done', '{}', ARGV[7], ARGV[8])
return 1
`);

/**
 * Cancels a list that is not finished: status and stop reason at once, out of its key's open lists.
 * Returns 1 when cancelled now. KEYS: list, events. ARGV: now, open-lists prefix, list id, max entries, channel.
 */
const CANCEL_SCRIPT = new RedisScript(`${APPEND_EVENT}
local status = redis.call('HGET', KEYS[1], 'status')
if status ~= 'queued' and status ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'cancelled', 'stopReason', 'cancelled', 'cancelledAt', ARGV[1])
local owner = redis.call('HGET', KEYS[1], 'keyId')
if owner then redis.call('SREM', ARGV[2] .. owner, ARGV[3]) end
append_event(KEYS[1], KEYS[2], 'progress', '{}', ARGV[4], ARGV[5])
return 1
`);

/**
 * Raises a list's limit and budget. A list that stopped at its limit or budget runs again (returns
 * {2, runs}: the caller queues runner `runs`); a running or queued one just looks further (1); a
 * list that cannot go on (cancelled, failed) is left (0); a limit not above the current one changes
 * nothing (-1). KEYS: list, events. ARGV: limit, budget, open-lists prefix, list id, max entries, channel.
 */
const EXTEND_SCRIPT = new RedisScript(`${APPEND_EVENT}
local status = redis.call('HGET', KEYS[1], 'status')
if status == 'cancelled' or status == 'failed' or not status then return {0} end
if tonumber(ARGV[1]) <= tonumber(redis.call('HGET', KEYS[1], 'limit')) then return {-1} end
redis.call('HSET', KEYS[1], 'limit', ARGV[1], 'maxCandidates', ARGV[2])
local reason = redis.call('HGET', KEYS[1], 'stopReason')
if status == 'done' and (reason == 'limit_reached' or reason == 'budget_reached') then
  redis.call('HSET', KEYS[1], 'status', 'running', 'finishedAt', '')
  redis.call('HDEL', KEYS[1], 'stopReason')
  local runs = redis.call('HINCRBY', KEYS[1], 'runs', 1)
  local owner = redis.call('HGET', KEYS[1], 'keyId')
  if owner then redis.call('SADD', ARGV[3] .. owner, ARGV[4]) end
  append_event(KEYS[1], KEYS[2], 'progress', '{}', ARGV[5], ARGV[6])
  return {2, runs}
end
append_event(KEYS[1], KEYS[2], 'progress', '{}', ARGV[5], ARGV[6])
return {1}
`);

function parseJson<T>(text: string | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const number = (text: string | undefined) => Number(text ?? 0) || 0;

function listOf(raw: Record<string, string>): StoredList | null {
  if (!raw.id) return null;
  const status = (raw.status ?? "queued") as StoredList["status"];
  return {
    id: raw.id,
    keyId: raw.keyId ?? "",
    status,
    objective: raw.objective ?? "",
    entityType: raw.entityType === "person" ? "person" : "company",
    criteria: parseJson<ListCriterion[]>(raw.criteria, []),
    criteriaDerived: raw.criteriaDerived === "1",
    limit: number(raw.limit),
    effort: (raw.effort as Effort) || "standard",
    ...(raw.outputSchema ? { outputSchema: parseJson<Record<string, unknown>>(raw.outputSchema, {}) } : {}),
    exclude: parseJson<Array<Company | Person>>(raw.exclude, []),
    callbackUrl: raw.callbackUrl || null,
    ...(raw.metadata ? { metadata: parseJson<Metadata>(raw.metadata, {}) } : {}),
    createdAt: raw.createdAt ?? "",
    finishedAt: raw.finishedAt || null,
    ...(raw.stopReason ? { stopReason: raw.stopReason as ListStopReason } : {}),
    ...(raw.problem
      ? { problem: parseJson<{ code: string; detail: string }>(raw.problem, { code: "", detail: "" }) }
      : {}),
    counts: {
      candidates: number(raw.candidates),
      matched: number(raw.matched),
      unmatched: number(raw.unmatched),
      unclear: number(raw.unclear),
    },
    usage: {
      candidatesEvaluated: number(raw.evaluated),
      researchRuns: number(raw["u.researchRuns"]),
      modelCalls: number(raw["u.modelCalls"]),
      promptTokens: number(raw["u.promptTokens"]),
      completionTokens: number(raw["u.completionTokens"]),
      searches: number(raw["u.searches"]),
      pagesFetched: number(raw["u.pagesFetched"]),
      maxCandidates: number(raw.maxCandidates),
    },
    discovered: raw.discovered === "1",
    submitted: number(raw.submitted),
    runs: number(raw.runs) || 1,
    ...(raw.maxAgeSeconds ? { maxAgeSeconds: Number(raw.maxAgeSeconds) } : {}),
    ...(raw.watchId ? { watchId: raw.watchId } : {}),
    ...(raw.discovery ? { discovery: discoveryRecordOf(raw.discovery) } : {}),
  };
}

function discoveryRecordOf(text: string): ListDiscoveryRecord {
  const record = parseJson<Partial<ListDiscoveryRecord>>(text, {});
  return {
    read: record.read ?? [],
    unreadPages: record.unreadPages ?? [],
    failedSearches: record.failedSearches ?? [],
  };
}

function usageJson(usage: ListUsageIncrements): string {
  const pairs: Record<string, number> = {};
  for (const field of USAGE_FIELDS) {
    const value = usage[field];
    if (value) pairs[field] = Math.round(value);
  }
  // An empty Lua table encodes as an object only when it has a key: cjson reads `{}` either way.
  return JSON.stringify(pairs);
}

/** An event of a list's stream. */
export interface ListEventRecord {
  /** The stream entry id: the SSE event id, and what `Last-Event-ID` resumes after. */
  id: string;
  event: "candidate" | "matched" | "unmatched" | "unclear" | "progress" | "done";
  /** JSON: the candidate, `{ index }` of an item (read from the items), or `{}` for `progress` and `done` (the list is read then). */
  data: string;
}

/**
 * Lists in Redis: the request and bookkeeping of each list, its candidates, the research waves that
 * cover them, its decided items and its events, all under the deployment prefix with the batches'
 * lifetime. Also queues a list's runner (the `lists` queue) when it is made or extended.
 */
export class ListStore {
  readonly runs: Queue<{ listId: string }>;
  private callbacks: Queue | undefined;
  private readonly redis: RedisClient;
  private readonly prefix: string;

  constructor(private readonly settings: ListStoreSettings) {
    this.redis = settings.redis;
    this.prefix = settings.prefix;
    this.runs = new Queue(LIST_QUEUE, {
      connection: settings.queueConnection ?? settings.redis,
      prefix: settings.prefix,
    });
    this.runs.on("error", () => {});
  }

  private key(listId: string) {
    return redisKeys.list(this.prefix, listId);
  }

  private channel(listId: string) {
    return redisChannels.listEvents(this.prefix, listId);
  }

  /** Lists of a key that are not finished; ids whose list expired are dropped. */
  async countOpen(keyId: string): Promise<number> {
    const key = redisKeys.openLists(this.prefix, keyId);
    let open = 0;
    for (const id of await this.redis.smembers(key)) {
      if ((await this.redis.exists(this.key(id))) === 1) open += 1;
      else await this.redis.srem(key, id);
    }
    return open;
  }

  /**
   * Records a new list and queues its runner. `onNamed` is told the list's id before anything is
   * written (an `Idempotency-Key` notes it, so that a retry after a crash finds the list; a watch's
   * run notes it so that a run taken over waits for the same list). Made again with the same `id`
   * and `createdAt` (the rounds of a held write, docs/decisions/0012), it is the same list: a list
   * the store holds is left as it is, and its first runner is queued once (by its job id).
   */
  async create(keyId: string, request: NormalizedListRequest, options: ListCreateOptions = {}): Promise<StoredList> {
    const id = options.id ?? newListId();
    await options.onNamed?.(id);
    const ttl = this.settings.ttlSeconds;
    const createdAt = options.createdAt ?? Date.now();
    const fields: Record<string, string | number> = {
      id,
      keyId,
      status: "queued",
      objective: request.objective,
      entityType: request.entityType,
      criteria: JSON.stringify(request.criteria),
      criteriaDerived: request.criteria.length === 0 ? "1" : "0",
      limit: request.limit,
      effort: request.effort,
      outputSchema: request.outputSchema ? JSON.stringify(request.outputSchema) : "",
      exclude: JSON.stringify(request.exclude),
      callbackUrl: request.callbackUrl ?? "",
      metadata: request.metadata ? JSON.stringify(request.metadata) : "",
      createdAt: new Date(createdAt).toISOString(),
      finishedAt: "",
      maxCandidates: listBudget(request.limit, request.effort, this.settings.maxCandidates),
      candidates: 0,
      matched: 0,
      unmatched: 0,
      unclear: 0,
      evaluated: 0,
      submitted: 0,
      discovered: "0",
      runs: 1,
      ...(options.maxAgeSeconds !== undefined ? { maxAgeSeconds: String(options.maxAgeSeconds) } : {}),
      ...(options.watchId ? { watchId: options.watchId } : {}),
    };
    await CREATE_SCRIPT.run(
      this.redis,
      [this.key(id), redisKeys.keyLists(this.prefix, keyId), redisKeys.openLists(this.prefix, keyId)],
      [ttl, createdAt, id, ...Object.entries(fields).flat()],
    );
    await this.queueRun(id, 1);
    return (await this.get(id))!;
  }

  /**
   * Where the list's charge against its key's quota is noted (`admitCalls`' `once`), in the list's
   * own hash, before the list is written: a creation made again is charged once.
   */
  chargeNote(listId: string): ChargeNote {
    return { key: this.key(listId), field: "charged", value: listId, ttlSeconds: this.settings.ttlSeconds };
  }

  /** Queues the list's runner; one job per run, so that a run finished or failed never blocks the next. */
  async queueRun(listId: string, run: number): Promise<void> {
    await this.runs.add(
      "list",
      { listId },
      {
        jobId: `${listId}.${run}`,
        // A runner that fails on an outage is tried again; the list resumes where it was.
        attempts: 5,
        backoff: { type: "exponential", delay: 2_000, jitter: 0.5 },
        removeOnComplete: { age: 3_600 },
        removeOnFail: { age: this.settings.ttlSeconds },
      },
    );
  }

  async get(listId: string): Promise<StoredList | null> {
    return listOf(await this.redis.hgetall(this.key(listId)));
  }

  /**
   * A key's lists, newest first: `limit` of them after the list `after` (from the newest without it).
   * Null when `after` is not one of the key's lists.
   */
  async list(
    keyId: string,
    options: { limit: number; after?: string },
  ): Promise<{ lists: StoredList[]; hasMore: boolean } | null> {
    const key = redisKeys.keyLists(this.prefix, keyId);
    await this.redis.zremrangebyscore(key, "-inf", `(${Date.now() - this.settings.ttlSeconds * 1000}`);
    let start = 0;
    if (options.after !== undefined) {
      const rank = await this.redis.zrevrank(key, options.after);
      if (rank === null) return null;
      start = rank + 1;
    }
    const ids = await this.redis.zrevrange(key, start, start + options.limit);
    const page = ids.slice(0, options.limit);
    const lists = await Promise.all(page.map((id) => this.get(id)));
    return { lists: lists.filter((list): list is StoredList => list !== null), hasMore: ids.length > options.limit };
  }

  /** Moves a queued list to running (its runner started). */
  async markRunning(listId: string): Promise<void> {
    const key = this.key(listId);
    if ((await this.redis.hget(key, "status")) === "queued") {
      await this.redis.hset(key, "status", "running");
      await this.appendEvent(listId, "progress", "{}");
    }
  }

  /** Sets the criteria derived from the objective. */
  async setCriteria(listId: string, criteria: ListCriterion[]): Promise<void> {
    await this.redis.hset(this.key(listId), "criteria", JSON.stringify(criteria));
  }

  /** Stores what discovery found and could not read, once, with what it spent; announces each candidate. */
  async saveCandidates(listId: string, discovery: ListDiscovery, usage: ListUsageIncrements): Promise<void> {
    const { candidates, read, unreadPages, failedSearches } = discovery;
    const record: ListDiscoveryRecord = { read, unreadPages, failedSearches };
    const encoded = candidates.map((candidate) => JSON.stringify(candidate));
    const events = candidates.map((candidate) =>
      JSON.stringify({ id: candidate.id, name: candidate.name, foundOn: candidate.foundOn }),
    );
    await SAVE_CANDIDATES_SCRIPT.run(
      this.redis,
      [this.key(listId), redisKeys.listCandidates(this.prefix, listId), redisKeys.listEvents(this.prefix, listId)],
      [
        candidates.length,
        LIST_EVENTS_MAX_ENTRIES,
        this.channel(listId),
        usageJson(usage),
        JSON.stringify(record),
        ...encoded,
        ...events,
      ],
    );
  }

  /** Candidates at positions `start` to `end - 1`. */
  async readCandidates(listId: string, start: number, end: number): Promise<ListCandidate[]> {
    if (end <= start) return [];
    const raw = await this.redis.lrange(redisKeys.listCandidates(this.prefix, listId), start, end - 1);
    return raw.map((text) => JSON.parse(text) as ListCandidate);
  }

  async waves(listId: string): Promise<ListWave[]> {
    const raw = await this.redis.lrange(redisKeys.listWaves(this.prefix, listId), 0, -1);
    return raw.map((text) => JSON.parse(text) as ListWave);
  }

  /** Records a wave; false when another runner submitted those candidates first. */
  async addWave(listId: string, wave: ListWave): Promise<boolean> {
    const added = await ADD_WAVE_SCRIPT.run(
      this.redis,
      [this.key(listId), redisKeys.listWaves(this.prefix, listId)],
      [wave.start, wave.end, JSON.stringify(wave)],
    );
    return added === 1;
  }

  /** Which of these candidate positions have their item already. */
  async decided(listId: string, positions: readonly number[]): Promise<Set<number>> {
    if (positions.length === 0) return new Set();
    const values = await this.redis.hmget(redisKeys.listDecided(this.prefix, listId), ...positions.map(String));
    return new Set(positions.filter((_position, offset) => values[offset] !== null));
  }

  /** Records a candidate's item once; returns its index, or -1 when already recorded or the list is over. */
  async recordItem(
    listId: string,
    position: number,
    item: StoredListItem,
    usage: ListUsageIncrements,
  ): Promise<number> {
    return (await RECORD_ITEM_SCRIPT.run(
      this.redis,
      [
        this.key(listId),
        redisKeys.listItems(this.prefix, listId),
        redisKeys.listDecided(this.prefix, listId),
        redisKeys.listEvents(this.prefix, listId),
      ],
      [position, item.status, JSON.stringify(item), usageJson(usage), LIST_EVENTS_MAX_ENTRIES, this.channel(listId)],
    )) as number;
  }

  /** Finishes the list; true when it finished now (the caller then sends its callback). */
  async finish(
    listId: string,
    outcome: { stopReason: ListStopReason } | { problem: { code: string; detail: string } },
  ): Promise<boolean> {
    const finished = await FINISH_SCRIPT.run(
      this.redis,
      [this.key(listId), redisKeys.listEvents(this.prefix, listId)],
      [
        "problem" in outcome ? "failed" : "done",
        "stopReason" in outcome ? outcome.stopReason : "",
        "problem" in outcome ? JSON.stringify(outcome.problem) : "",
        new Date().toISOString(),
        redisKeys.openLists(this.prefix, ""),
        listId,
        LIST_EVENTS_MAX_ENTRIES,
        this.channel(listId),
      ],
    );
    if (finished === 1) await this.announce(listId);
    return finished === 1;
  }

  /** Queues the completion callback of a finished list, once (the job id is the list id). */
  private async announce(listId: string): Promise<void> {
    const callbackUrl = await this.redis.hget(this.key(listId), "callbackUrl");
    if (!callbackUrl) return;
    this.callbacks ??= new Queue(CALLBACK_QUEUE, {
      connection: this.settings.queueConnection ?? this.settings.redis,
      prefix: this.prefix,
    });
    this.callbacks.on("error", () => {});
    await this.callbacks.add(
      "list.completed",
      { listId },
      {
        jobId: `cb-${listId}`,
        attempts: this.settings.callbackAttempts ?? 8,
        backoff: { type: "exponential", delay: this.settings.callbackBackoffMs ?? 5_000, jitter: 0.5 },
        removeOnComplete: { age: this.settings.ttlSeconds },
        removeOnFail: { age: this.settings.ttlSeconds },
      },
    );
  }

  /** Marks a list cancelled; true when it was cancelled now. Its runner stops its research. */
  async cancel(listId: string): Promise<boolean> {
    const cancelled = await CANCEL_SCRIPT.run(
      this.redis,
      [this.key(listId), redisKeys.listEvents(this.prefix, listId)],
      [
        new Date().toISOString(),
        redisKeys.openLists(this.prefix, ""),
        listId,
        LIST_EVENTS_MAX_ENTRIES,
        this.channel(listId),
      ],
    );
    return cancelled === 1;
  }

  /**
   * Raises the limit (and budget); restarts a list that stopped at its limit or budget and queues its
   * runner. `earlier` is what this extension did in an earlier round of a held write (docs/decisions/0012):
   * made again on a primary that holds it already (the limit is no longer higher), it is what it was
   * then, and a restarted list's runner is queued again (once, by its job id).
   */
  async extend(listId: string, limit: number, earlier?: ListExtension): Promise<ListExtension> {
    const list = await this.get(listId);
    if (!list) return { outcome: "final" };
    const [code, runs] = (await EXTEND_SCRIPT.run(
      this.redis,
      [this.key(listId), redisKeys.listEvents(this.prefix, listId)],
      [
        limit,
        listBudget(limit, list.effort, this.settings.maxCandidates),
        redisKeys.openLists(this.prefix, ""),
        listId,
        LIST_EVENTS_MAX_ENTRIES,
        this.channel(listId),
      ],
    )) as [number, number?];
    let extension: ListExtension =
      code === 2
        ? { outcome: "restarted", run: runs! }
        : { outcome: code === 1 ? "raised" : code === 0 ? "final" : "not-higher" };
    if (earlier && earlier.outcome !== "not-higher" && extension.outcome === "not-higher") extension = earlier;
    if (extension.outcome === "restarted") await this.queueRun(listId, extension.run);
    return extension;
  }

  /**
   * Items after index `after`, in order, at most `limit`, only those of `status` when given. `hasMore`
   * says whether more items past the page exist now.
   */
  async readItems(
    listId: string,
    options: { after: number; limit: number; status?: StoredListItem["status"] },
  ): Promise<{ items: ListItemRecord[]; hasMore: boolean }> {
    const key = redisKeys.listItems(this.prefix, listId);
    const items: ListItemRecord[] = [];
    const chunk = Math.max(100, options.limit);
    for (let start = options.after + 1; ; start += chunk) {
      const raw = await this.redis.lrange(key, start, start + chunk - 1);
      for (const [offset, text] of raw.entries()) {
        const item = JSON.parse(text) as StoredListItem;
        if (options.status && item.status !== options.status) continue;
        if (items.length === options.limit) return { items, hasMore: true };
        items.push({ index: start + offset, ...item });
      }
      if (raw.length < chunk) return { items, hasMore: false };
    }
  }

  /** The items at these indexes, in the order asked; null for an index past the end. */
  async readItemsAt(listId: string, indexes: readonly number[]): Promise<Array<ListItemRecord | null>> {
    if (indexes.length === 0) return [];
    const key = redisKeys.listItems(this.prefix, listId);
    const pipeline = this.redis.pipeline();
    for (const index of indexes) pipeline.lindex(key, index);
    const replies = (await pipeline.exec()) ?? [];
    return replies.map(([error, text], offset) => {
      if (error) throw error;
      return typeof text === "string" ? { index: indexes[offset]!, ...(JSON.parse(text) as StoredListItem) } : null;
    });
  }

  /** Appends an event of the list's own (progress). */
  async appendEvent(listId: string, event: ListEventRecord["event"], data: string): Promise<void> {
    const key = redisKeys.listEvents(this.prefix, listId);
    const id = await this.redis.xadd(key, "MAXLEN", "~", LIST_EVENTS_MAX_ENTRIES, "*", "e", event, "d", data);
    await this.redis.expire(key, this.settings.ttlSeconds);
    await this.redis.publish(this.channel(listId), id ?? "");
  }

  /** The list's events after `afterId` (all kept ones without it), oldest first, at most `count`. */
  async readEvents(listId: string, afterId: string | undefined, count = 1_000): Promise<ListEventRecord[]> {
    const entries = (await this.redis.xrange(
      redisKeys.listEvents(this.prefix, listId),
      afterId === undefined ? "-" : `(${afterId}`,
      "+",
      "COUNT",
      count,
    )) as Array<[string, string[]]>;
    return entries.map(([id, fields]) => {
      const values = new Map<string, string>();
      for (let index = 0; index + 1 < fields.length; index += 2) values.set(fields[index]!, fields[index + 1]!);
      return { id, event: (values.get("e") ?? "progress") as ListEventRecord["event"], data: values.get("d") ?? "{}" };
    });
  }

  async close(): Promise<void> {
    await this.runs.close().catch(() => {});
    await this.callbacks?.close().catch(() => {});
  }
}
