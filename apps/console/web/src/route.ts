import { useEffect, useState } from "preact/hooks";

/** The console's screens, addressed by the URL's fragment so that links and the back button work. */
export type Route =
  | { screen: "ask" }
  | { screen: "upload" }
  | { screen: "batches" }
  | { screen: "batch"; id: string }
  | { screen: "find" }
  | { screen: "list"; id: string }
  | { screen: "watches" }
  | { screen: "watch"; id: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, "");
  if (path === "upload") return { screen: "upload" };
  if (path === "batches") return { screen: "batches" };
  if (path === "find") return { screen: "find" };
  const list = /^lists\/([A-Za-z0-9_-]+)$/.exec(path);
  if (list) return { screen: "list", id: list[1]! };
  const batch = /^batches\/([A-Za-z0-9_-]+)$/.exec(path);
  if (batch) return { screen: "batch", id: batch[1]! };
  if (path === "watches") return { screen: "watches" };
  const watch = /^watches\/([A-Za-z0-9_-]+)$/.exec(path);
  if (watch) return { screen: "watch", id: watch[1]! };
  return { screen: "ask" };
}

export function hrefOf(route: Route): string {
  if (route.screen === "batch") return `#/batches/${route.id}`;
  if (route.screen === "list") return `#/lists/${route.id}`;
  if (route.screen === "watch") return `#/watches/${route.id}`;
  return `#/${route.screen}`;
}

/** The current route, following `hashchange`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", update);
    return () => removeEventListener("hashchange", update);
  }, []);
  return route;
}

export function navigate(route: Route): void {
  location.hash = hrefOf(route);
}
