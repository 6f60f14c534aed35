import {
  type ApiOperation,
  DossierError,
  isDossierError,
  issuesToFieldErrors,
  listExtendSchema,
  listOperations,
  MAX_LIST_ITEMS_PAGE,
  routePath,
  unavailable,
  validateListRequest,
} from "@dossier/contract";
import type { AddressPolicy } from "@dossier/egress";
import {
  type BatchStore,
  type EventFeeds,
  type HeldWrites,
  IDEMPOTENCY_LEASE_MS,
  IdempotencyKeys,
  type ListExtension,
  type ListStore,
  listView,
  newListId,
  type RedisClient,
  type ResearchJobData,
  type StoredList,
  stableStringify,
  writeHeld,
} from "@dossier/queue";
import type { Queue } from "bullmq";
import type { Request, RequestHandler, Response } from "express";
import { checkCallbackUrl } from "../http/check-callback-url.js";
import type { EventStreams } from "../http/event-stream.js";
import { apiKeyOf } from "../http/locals.js";
import { chargeQuotaOnce } from "../http/monthly-quota.js";
import { type Route, route } from "../http/route-table.js";
import { streamListEvents } from "./list-events.js";
import { writeListItemsCsv } from "./list-items-csv.js";
import { validationProblem } from "./research-routes.js";

export interface ListRouteSettings {
  lists: ListStore;
  /** Key prefix, for the lists' event channels and the usage ledger. */
  prefix: string;
  /** The command connection of the usage ledger: a list is counted against the key's monthly limits. */
  redis: RedisClient;
  /** The batches that carry lists' research, to cancel it with its list. */
  batches: BatchStore;
  /** The research queue, whose queued jobs of a cancelled list leave it. */
  queue: Queue<ResearchJobData>;
  /** Lists one key may have running at once (`LIST_MAX_OPEN`). */
  maxOpen: number;
  /** The address rules a callback URL must pass: the page fetcher's. */
  callbackPolicy: AddressPolicy;
  /** Authentication. */
  authenticate: RequestHandler[];
  /** The JSON body. */
  body: RequestHandler;
  /** `Idempotency-Key` bookkeeping of lists (kept apart from the batches'). */
  idempotency: IdempotencyKeys;
  /** Events from Redis, and the gateway's open event streams. */
  events: { feeds: EventFeeds; streams: EventStreams };
  /**
   * The connections of `lists`, `batches`, `idempotency` and the usage ledger and, behind Sentinel,
   * the confirmation of their writes: a list made (with its charge), cancelled or extended is
   * answered once a replica holds it (docs/decisions/0012).
   */
  held: HeldWrites;
}

/** The route of one declared operation: its method and path come from the contract. */
function operationRoute(operation: ApiOperation, ...handlers: RequestHandler[]): Route {
  return route(operation.method, routePath(operation), ...handlers);
}

/** A known error as it is; anything else means the list store could not be reached. */
export function listStoreProblem(error: unknown): DossierError {
  return isDossierError(error) ? error : unavailable("The list store", error);
}

/** The list with this id if the key owns it; any other list, and an unknown id, is 404 LIST_NOT_FOUND. */
export async function findOwnList(lists: ListStore, id: string, keyId: string): Promise<StoredList> {
  const list = await lists.get(id).catch((error: unknown) => {
    throw listStoreProblem(error);
  });
  if (!list || list.keyId !== keyId)
    throw new DossierError("LIST_NOT_FOUND", { detail: `There is no list ${id} for this API key.` });
  return list;
}

function idempotencyKeyOf(request: Request): string | undefined {
  const value = request.header("idempotency-key");
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw validationProblem([
      { path: "Idempotency-Key", message: "must be 1 to 255 visible ASCII characters (a UUID is a good choice)" },
    ]);
  }
  return value;
}

/** `?status`, `?after`, `?limit` and `?format` of the items, checked together. */
function itemsQueryOf(request: Request): {
  status?: "matched" | "unmatched" | "unclear";
  after: number;
  limit: number;
  format: "json" | "csv";
} {
  const errors: Array<{ path: string; message: string }> = [];
  const { status, after, limit, format } = request.query;
  if (status !== undefined && !["matched", "unmatched", "unclear"].includes(String(status)))
    errors.push({ path: "status", message: "must be one of matched, unmatched, unclear" });
  const afterValue = after === undefined ? -1 : /^-?\d{1,9}$/.test(String(after)) ? Number(after) : Number.NaN;
  if (!Number.isInteger(afterValue) || afterValue < -1)
    errors.push({ path: "after", message: "must be an item index (0 or more), or -1 to start at the first item" });
  const limitValue =
    limit === undefined ? MAX_LIST_ITEMS_PAGE : /^\d{1,5}$/.test(String(limit)) ? Number(limit) : Number.NaN;
  if (!Number.isInteger(limitValue) || limitValue < 1 || limitValue > MAX_LIST_ITEMS_PAGE)
    errors.push({ path: "limit", message: `must be a whole number from 1 to ${MAX_LIST_ITEMS_PAGE}` });
  if (format !== undefined && format !== "json" && format !== "csv")
    errors.push({ path: "format", message: "must be json or csv" });
  if (errors.length > 0) throw validationProblem(errors);
  return {
    ...(status !== undefined ? { status: status as "matched" | "unmatched" | "unclear" } : {}),
    after: afterValue,
    limit: limitValue,
    format: format === "csv" ? "csv" : "json",
  };
}

/**
 * The list routes ("find all"), each mounted from its declaration in `@dossier/contract`:
 * create, poll, items (JSON or CSV, paged), events, cancel and extend. Only the key that made a
 * list sees it; every other key gets 404 LIST_NOT_FOUND.
 */
export function listRoutes(settings: ListRouteSettings): Route[] {
  const { lists } = settings;
  const own = (request: Request, response: Response) =>
    findOwnList(lists, String(request.params.id), apiKeyOf(response).id);

  /** Cancels the research batches of a list, so that its queued research leaves the queue now. */
  const cancelResearch = async (list: StoredList) => {
    for (const wave of await lists.waves(list.id)) await settings.batches.cancel(wave.batchId, settings.queue);
  };

  const create = operationRoute(
    listOperations.createList,
    ...settings.authenticate,
    settings.body,
    async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const idempotencyKey = idempotencyKeyOf(request);
      const validation = validateListRequest(request.body);
      if (!validation.ok) throw validationProblem(validation.errors);
      const listRequest = validation.request;
      if (listRequest.callbackUrl !== undefined)
        await checkCallbackUrl(listRequest.callbackUrl, settings.callbackPolicy);
      const fingerprint = idempotencyKey && IdempotencyKeys.fingerprint(stableStringify(request.body));
      const answer = (list: StoredList, replayed: boolean) => {
        response.setHeader("Location", `/v1/lists/${list.id}`);
        if (replayed) response.setHeader("Idempotent-Replayed", "true");
        response.status(202).json(listView(list));
      };
      let lease: NodeJS.Timeout | undefined;
      if (idempotencyKey && fingerprint) {
        const claim = await settings.idempotency.claim(identity.id, idempotencyKey, fingerprint).catch((error) => {
          throw listStoreProblem(error);
        });
        if (claim.status === "replay") {
          answer(await findOwnList(lists, claim.batchId, identity.id), true);
          return;
        }
        if (claim.status !== "claimed") {
          throw new DossierError("LIST_IDEMPOTENCY_CONFLICT", {
            detail:
              claim.status === "conflict"
                ? "This Idempotency-Key was used in the last 24 hours with another body; use a new key for a new list."
                : "A request with this Idempotency-Key is still being processed; retry shortly.",
            retryable: claim.status === "in-progress",
            ...(claim.status === "in-progress" ? { retryAfterSeconds: 1 } : {}),
          });
        }
        // The request that held the key stopped (its gateway died) after naming its list: answer
        // that list when it was made.
        const abandoned = claim.abandonedBatchId && (await lists.get(claim.abandonedBatchId).catch(() => null));
        if (abandoned && abandoned.keyId === identity.id) {
          await settings.idempotency.complete(identity.id, idempotencyKey, fingerprint, abandoned.id).catch(() => {});
          answer(abandoned, true);
          return;
        }
        // Held by a lease renewed while the list is made, as a batch's is (IDEMPOTENCY_LEASE_MS).
        lease = setInterval(
          () => void settings.idempotency.renew(identity.id, idempotencyKey, claim.lease).catch(() => {}),
          IDEMPOTENCY_LEASE_MS / 3,
        );
        lease.unref();
      }
      try {
        const open = await lists.countOpen(identity.id);
        if (open >= settings.maxOpen) {
          throw new DossierError("LIST_LIMIT_REACHED", {
            detail: `This key has ${open} lists running, the most allowed; wait for one to finish or cancel one.`,
            retryable: true,
            retryAfterSeconds: 30,
          });
        }
        // The same id and time in every round of held writes: a creation made again after a failover
        // is the same list, and is charged once.
        const id = newListId();
        const createdAt = Date.now();
        const list = await writeHeld(settings.held, async () => {
          // A list counts as one research call against the key's monthly limits when it is made, as a
          // list watch's run does; a key past its limits is refused before anything is queued.
          await chargeQuotaOnce(settings.redis, settings.prefix, identity, { count: 1 }, lists.chargeNote(id));
          const made = await lists.create(identity.id, listRequest, {
            id,
            createdAt,
            ...(idempotencyKey && fingerprint
              ? {
                  onNamed: (listId: string) =>
                    settings.idempotency.note(identity.id, idempotencyKey, fingerprint, listId),
                }
              : {}),
          });
          if (idempotencyKey && fingerprint)
            await settings.idempotency.complete(identity.id, idempotencyKey, fingerprint, made.id);
          return made;
        });
        answer(list, false);
      } catch (error) {
        if (idempotencyKey) await settings.idempotency.release(identity.id, idempotencyKey).catch(() => {});
        throw listStoreProblem(error);
      } finally {
        clearInterval(lease);
      }
    },
  );

  const listLists = operationRoute(
    listOperations.listLists,
    ...settings.authenticate,
    async (request: Request, response: Response) => {
      const errors: Array<{ path: string; message: string }> = [];
      const limitText = request.query.limit;
      const limit = limitText === undefined ? 20 : /^\d{1,3}$/.test(String(limitText)) ? Number(limitText) : Number.NaN;
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        errors.push({ path: "limit", message: "must be a whole number from 1 to 100" });
      const after = request.query.after === undefined ? undefined : String(request.query.after);
      if (errors.length > 0) throw validationProblem(errors);
      const page = await lists
        .list(apiKeyOf(response).id, { limit, ...(after !== undefined ? { after } : {}) })
        .catch((error: unknown) => {
          throw listStoreProblem(error);
        });
      if (!page) throw validationProblem([{ path: "after", message: "is not one of this key's lists" }]);
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json({ data: page.lists.map(listView), has_more: page.hasMore });
    },
  );

  const get = operationRoute(
    listOperations.getList,
    ...settings.authenticate,
    async (request: Request, response: Response) => {
      const list = await own(request, response);
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json(listView(list));
    },
  );

  const items = operationRoute(
    listOperations.getListItems,
    ...settings.authenticate,
    async (request: Request, response: Response) => {
      const query = itemsQueryOf(request);
      const list = await own(request, response);
      response.setHeader("Cache-Control", "no-store");
      response.setHeader("X-List-Status", list.status);
      if (query.format === "csv") {
        await writeListItemsCsv(response, lists, list, query);
        return;
      }
      const page = await lists
        .readItems(list.id, {
          after: query.after,
          limit: query.limit,
          ...(query.status ? { status: query.status } : {}),
        })
        .catch((error: unknown) => {
          throw listStoreProblem(error);
        });
      response.status(200).json({ items: page.items, hasMore: page.hasMore });
    },
  );

  const events = operationRoute(
    listOperations.getListEvents,
    ...settings.authenticate,
    async (request: Request, response: Response) => {
      const list = await own(request, response);
      const lastEventId = request.header("last-event-id")?.trim() || undefined;
      await streamListEvents(
        { lists, feeds: settings.events.feeds, streams: settings.events.streams, prefix: settings.prefix },
        response,
        list,
        lastEventId,
      );
    },
  );

  const cancel = operationRoute(
    listOperations.cancelList,
    ...settings.authenticate,
    async (request: Request, response: Response) => {
      const list = await own(request, response);
      // Made again after a failover, the cancel finds the list cancelled already on the new primary
      // when it got there: its research is cancelled all the same (each batch's cancel is idempotent).
      // The list is read back within the held write: a failover under the read is waited out as
      // one under the write is, rather than answered 503 for a cancel that holds.
      let cancelled = false;
      const stored = await writeHeld(settings.held, async () => {
        cancelled = (await lists.cancel(list.id)) || cancelled;
        if (cancelled) await cancelResearch(list);
        return lists.get(list.id);
      }).catch((error: unknown) => {
        throw listStoreProblem(error);
      });
      response.status(200).json(listView(stored ?? (await findOwnList(lists, list.id, list.keyId))));
    },
  );

  const extend = operationRoute(
    listOperations.extendList,
    ...settings.authenticate,
    settings.body,
    async (request: Request, response: Response) => {
      const parsed = listExtendSchema.safeParse(request.body);
      if (!parsed.success) throw validationProblem(issuesToFieldErrors(parsed.error.issues));
      const list = await own(request, response);
      let extension: ListExtension | undefined;
      await writeHeld(settings.held, async () => {
        extension = await lists.extend(list.id, parsed.data.limit, extension);
      }).catch((error: unknown) => {
        throw listStoreProblem(error);
      });
      const outcome = extension!.outcome;
      if (outcome === "not-higher")
        throw validationProblem([{ path: "limit", message: `must be more than the list's limit, ${list.limit}` }]);
      if (outcome === "final")
        throw new DossierError("LIST_NOT_EXTENDABLE", {
          detail: `The list is ${list.status}; start a new list to look again.`,
        });
      const after = await findOwnList(lists, list.id, list.keyId);
      response.status(200).json(listView(after));
    },
  );

  return [create, listLists, get, items, events, cancel, extend];
}
