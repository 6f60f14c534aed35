import type { Express, RequestHandler } from "express";
import { match } from "path-to-regexp";

/** The methods the gateway serves. */
export type HttpMethod = "GET" | "POST" | "DELETE";

/** One route: the method, the Express path pattern (`/v1/jobs/:id`) and its handlers in order. */
export interface Route {
  method: HttpMethod;
  path: string;
  handlers: RequestHandler[];
}

/** A route from its method, path and handlers (`...guards, handler`). */
export function route(method: HttpMethod, path: string, ...handlers: RequestHandler[]): Route {
  return { method, path, handlers };
}

/** A path the gateway knows, with every method it answers there. */
export interface KnownPath {
  /** The route's pattern, as metrics and logs name it. */
  pattern: string;
  methods: HttpMethod[];
}

/**
 * The gateway's routes, written once: mounted on the app, and asked which methods a path takes,
 * so that a wrong method is a 405 with `Allow` rather than a 404.
 */
export class RouteTable {
  readonly #routes: readonly Route[];
  readonly #matchers: Array<{ pattern: string; matches: (path: string) => boolean }>;

  constructor(routes: readonly Route[]) {
    this.#routes = routes;
    const patterns = [...new Set(routes.map((route) => route.path))];
    // Undecoded: a malformed escape in a path must not throw while deciding between 404 and 405.
    this.#matchers = patterns.map((pattern) => {
      const matcher = match(pattern, { decode: false });
      return { pattern, matches: (path: string) => matcher(path) !== false };
    });
  }

  /** Registers every route on the app. */
  mount(app: Express): void {
    for (const route of this.#routes) {
      if (route.method === "GET") app.get(route.path, ...route.handlers);
      else if (route.method === "DELETE") app.delete(route.path, ...route.handlers);
      else app.post(route.path, ...route.handlers);
    }
  }

  /** The route pattern a path falls under and the methods it takes, or undefined for an unknown path. */
  find(path: string): KnownPath | undefined {
    const found = this.#matchers.find((matcher) => matcher.matches(path));
    if (!found) return undefined;
    const methods = this.#routes.filter((route) => route.path === found.pattern).map((route) => route.method);
    return { pattern: found.pattern, methods: [...new Set(methods)] };
  }
}
