import { isDossierError } from "@dossier/contract";
import type { ChatModel, PageFetcher, SearchProvider } from "@dossier/research";

/** The outside services one research run calls. */
export interface OutsideServices {
  model: ChatModel;
  fetcher: PageFetcher;
  /** Null when no search provider is configured. */
  search: SearchProvider | null;
}

/** How often each outside service failed during one run. */
export interface OutsideFailures {
  /** Search calls that failed, whatever the reason (unreachable, an error status, a refused key). */
  search: number;
  /** Page fetches that failed for a reason that may pass: a time-out, a refused connection, a 5xx or 429. */
  pages: number;
  /** Model calls that failed. */
  model: number;
}

/**
 * One run's view of the shared outside services, counting their failures: the run can then tell an
 * answer withheld because something was down from one withheld because the pages do not say it.
 * A page that answered 404, that robots.txt forbids or whose name does not resolve is the web as
 * it is, not a failure (its error is not retryable); an abort counts, since what was not read in
 * time may be read next time. The shared services stay untouched.
 */
export function watchOutsideServices(services: OutsideServices): {
  services: OutsideServices;
  failures: OutsideFailures;
  /** True when any service failed so far. */
  failed(): boolean;
} {
  const failures: OutsideFailures = { search: 0, pages: 0, model: 0 };
  const { model, fetcher, search } = services;
  const watched: OutsideServices = {
    model: {
      id: model.id,
      complete: (request) =>
        model.complete(request).catch((error: unknown) => {
          failures.model += 1;
          throw error;
        }),
    },
    fetcher: {
      id: fetcher.id,
      fetch: (url, options) =>
        fetcher.fetch(url, options).catch((error: unknown) => {
          if (!isDossierError(error) || error.retryable) failures.pages += 1;
          throw error;
        }),
    },
    search: search && {
      id: search.id,
      search: (query, options) =>
        search.search(query, options).catch((error: unknown) => {
          failures.search += 1;
          throw error;
        }),
    },
  };
  return {
    services: watched,
    failures,
    failed: () => failures.search + failures.pages + failures.model > 0,
  };
}
