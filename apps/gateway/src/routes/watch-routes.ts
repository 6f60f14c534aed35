import { DossierError, MAX_WATCH_PAGE, validateWatchRequest } from "@dossier/contract";
import type { AddressPolicy } from "@dossier/egress";
import {
  type HeldWrites,
  newWatchId,
  type WatchedListDefinition,
  type WatchFeed,
  type WatchSchedule,
  type WatchStore,
  type WatchTrigger,
  writeHeld,
} from "@dossier/queue";
import type { Request, RequestHandler, Response } from "express";
import { streamWatchEvents } from "../events/index.js";
import { checkCallbackUrl } from "../http/check-callback-url.js";
import type { EventStreams } from "../http/event-stream.js";
import { apiKeyOf } from "../http/locals.js";
import { type Route, route } from "../http/route-table.js";
import { lastEventIdOf } from "./event-routes.js";
import { acceptsEventStream, validationProblem } from "./research-routes.js";
import { findOwnWatch, readWatchView, watchStoreProblem } from "./watch-view.js";

/** What the gateway needs to accept a watch on a list (`{ "list": id }`). */
export interface ListWatchSupport {
  /** The definition of the key's list with this id, which the watch keeps; null when the key has no such list. */
  definitionOf(listId: string, keyId: string): Promise<WatchedListDefinition | null>;
}

export interface WatchRouteSettings {
  store: WatchStore;
  schedule: WatchSchedule;
  /** The address rules a callback URL must pass: the page fetcher's. */
  callbackPolicy: AddressPolicy;
  /** Authentication. */
  authenticate: RequestHandler[];
  /** The JSON body. */
  body: RequestHandler;
  /** Watches one key may hold (`WATCH_MAX_PER_KEY`), for the refusal's detail. */
  maxPerKey: number;
  /** Lists; absent (a gateway without lists), a watch on a list is refused. */
  lists?: ListWatchSupport;
  /** Live events: the watches' channels, and the gateway's open event streams. */
  live: { feed: WatchFeed; streams: EventStreams };
  /**
   * The connections of `store` and `schedule` and, behind Sentinel, the confirmation of their writes:
   * a watch made, deleted or asked to run is answered once a replica holds it (docs/decisions/0012).
   */
  held: HeldWrites;
}

/** Entries one page holds unless `limit` says otherwise. */
const DEFAULT_PAGE = 20;

function pageOf(request: Request, idPattern: RegExp, what: string): { limit: number; after?: string } {
  const { limit: rawLimit, after } = request.query;
  const errors = [];
  let limit = DEFAULT_PAGE;
  if (rawLimit !== undefined) {
    limit = typeof rawLimit === "string" && /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (limit < 1 || limit > MAX_WATCH_PAGE)
      errors.push({ path: "limit", message: `must be a whole number from 1 to ${MAX_WATCH_PAGE}` });
  }
  if (after !== undefined && (typeof after !== "string" || !idPattern.test(after)))
    errors.push({ path: "after", message: `must be ${what} from a previous page` });
  if (errors.length > 0) throw validationProblem(errors);
  return { limit, ...(typeof after === "string" ? { after } : {}) };
}

const WATCH_ID = /^w-[A-Za-z0-9_-]{1,64}$/;
const EVENT_ID = /^we-[A-Za-z0-9_-]{1,64}$/;

/**
 * `POST /v1/watches`, `GET /v1/watches`, `GET|DELETE /v1/watches/{id}`, `POST /v1/watches/{id}/run`
 * and `GET /v1/watches/{id}/events` (docs/watches.md). Only the key that made a watch sees it.
 */
export function watchRoutes(settings: WatchRouteSettings): Route[] {
  const { store, schedule, held } = settings;
  const guard = settings.authenticate;
  const own = (request: Request, response: Response) =>
    findOwnWatch(store, String(request.params.id), apiKeyOf(response).id);
  /**
   * Queues a run of the watch in each round of held writes; in a later round (the writes made again
   * after a failover) only when the run queued before is neither waiting, under way nor recorded on
   * the primary now: a run the new primary has is not queued twice.
   */
  const runQueuer = (watchId: string, trigger: Exclude<WatchTrigger, "schedule">) => {
    let queued: string | undefined;
    return async () => {
      if (queued !== undefined && ((await schedule.holds(queued)) || (await store.get(watchId))?.lastRunId === queued))
        return;
      queued = await schedule.runNow(watchId, trigger);
    };
  };

  return [
    route("POST", "/v1/watches", ...guard, settings.body, async (request: Request, response: Response) => {
      const identity = apiKeyOf(response);
      const validation = validateWatchRequest(request.body);
      if (!validation.ok) throw validationProblem(validation.errors);
      const { target, every, everySeconds, callbackUrl, metadata } = validation.watch;
      let definition: WatchedListDefinition | null = null;
      if (target.type === "list") {
        if (!settings.lists)
          throw validationProblem([{ path: "list", message: "watching a list is not available on this server" }]);
        definition = await settings.lists.definitionOf(target.listId, identity.id).catch((error: unknown) => {
          throw watchStoreProblem(error);
        });
        if (definition === null)
          throw validationProblem([{ path: "list", message: `is not a list of this key: ${target.listId}` }]);
      }
      if (callbackUrl !== null) await checkCallbackUrl(callbackUrl, settings.callbackPolicy);
      const watch = {
        keyId: identity.id,
        every,
        everySeconds,
        target:
          target.type === "research"
            ? { type: "research" as const, kind: target.kind, request: target.request }
            : { type: "list" as const, listId: target.listId, definition: definition! },
        given: target.type === "research" ? target.given : null,
        callbackUrl,
        metadata,
      };
      // The same id and time in every round: a creation made again after a failover is the same watch.
      const id = newWatchId();
      const createdAt = Date.now();
      // The first run sets the baseline at once rather than an interval later.
      const queueFirstRun = runQueuer(id, "created");
      let made = false;
      const creation = await writeHeld(held, async () => {
        const created = await store.create(watch, createdAt, id);
        if (created.status !== "created") return created;
        made = true;
        await schedule.schedule(id, everySeconds);
        await queueFirstRun();
        return created;
      }).catch(async (error: unknown) => {
        if (made) {
          await schedule.unschedule(id).catch(() => {});
          await store.delete({ id, keyId: identity.id }).catch(() => {});
        }
        throw watchStoreProblem(error);
      });
      if (creation.status === "limit")
        throw new DossierError("WATCH_LIMIT_REACHED", {
          detail: `This key holds ${creation.count} watches, the most allowed (${settings.maxPerKey}); delete one to make another.`,
        });
      const { record } = creation;
      response.setHeader("Location", `/v1/watches/${record.id}`);
      response.status(201).json(await readWatchView(schedule, record));
    }),

    route("GET", "/v1/watches", ...guard, async (request: Request, response: Response) => {
      const page = pageOf(request, WATCH_ID, "a watch id (w-...)");
      const listed = await store.list(apiKeyOf(response).id, page).catch((error: unknown) => {
        throw watchStoreProblem(error);
      });
      if (listed === null) throw validationProblem([{ path: "after", message: "is not a watch of this key" }]);
      const data = await Promise.all(listed.watches.map((record) => readWatchView(schedule, record)));
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json({ data, has_more: listed.hasMore });
    }),

    route("GET", "/v1/watches/:id", ...guard, async (request: Request, response: Response) => {
      const record = await own(request, response);
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json(await readWatchView(schedule, record));
    }),

    route("DELETE", "/v1/watches/:id", ...guard, async (request: Request, response: Response) => {
      const record = await own(request, response);
      await writeHeld(held, async () => {
        // The schedule first: nothing new starts; a run under way finds the watch gone and records nothing.
        await schedule.unschedule(record.id);
        await store.delete(record);
      }).catch((error: unknown) => {
        throw watchStoreProblem(error);
      });
      response.status(204).end();
    }),

    route("POST", "/v1/watches/:id/run", ...guard, async (request: Request, response: Response) => {
      const record = await own(request, response);
      await writeHeld(held, runQueuer(record.id, "manual")).catch((error: unknown) => {
        throw watchStoreProblem(error);
      });
      response.setHeader("Location", `/v1/watches/${record.id}`);
      response.status(202).json({ watchId: record.id, status: "queued" });
    }),

    route("GET", "/v1/watches/:id/events", ...guard, async (request: Request, response: Response) => {
      if (acceptsEventStream(request)) {
        const record = await own(request, response);
        await streamWatchEvents({ store, schedule, ...settings.live }, response, record, lastEventIdOf(request));
        return;
      }
      const page = pageOf(request, EVENT_ID, "an event id (we-...)");
      const record = await own(request, response);
      const listed = await store.events(record.id, page).catch((error: unknown) => {
        throw watchStoreProblem(error);
      });
      if (listed === null) throw validationProblem([{ path: "after", message: "is not an event of this watch" }]);
      response.setHeader("Cache-Control", "no-store");
      response.status(200).json({ data: listed.events, has_more: listed.hasMore });
    }),
  ];
}
