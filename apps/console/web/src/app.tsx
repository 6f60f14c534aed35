import { DossierApiError } from "@dossier/client";
import { useEffect, useMemo, useState } from "preact/hooks";
import { AskView } from "./ask-view.js";
import { BatchView } from "./batch-view.js";
import { BatchesView } from "./batches-view.js";
import { FindView } from "./find-view.js";
import { ListView } from "./list-view.js";
import { hrefOf, type Route, useRoute } from "./route.js";
import { clientFor, forgetKey, storedKey, storeKey } from "./session.js";
import { SignInView } from "./sign-in-view.js";
import { UploadView } from "./upload-view.js";
import { WatchView } from "./watch-view.js";
import { WatchesView } from "./watches-view.js";

const TABS: Array<{ route: Route; label: string }> = [
  { route: { screen: "ask" }, label: "Ask" },
  { route: { screen: "upload" }, label: "Upload a CSV" },
  { route: { screen: "batches" }, label: "Batches" },
  { route: { screen: "find" }, label: "Find" },
  { route: { screen: "watches" }, label: "Watches" },
];

const TITLES: Record<Route["screen"], string> = {
  ask: "Ask",
  upload: "Upload a CSV",
  batches: "Batches",
  batch: "Batch",
  find: "Find all",
  list: "List",
  watches: "Watches",
  watch: "Watch",
};

/** The tab lit on a single resource's page: the tab that leads to it. */
const TAB_OF: Partial<Record<Route["screen"], Route["screen"]>> = { batch: "batches", list: "find", watch: "watches" };

/** The console: sign in, then ask, upload a CSV, follow and manage batches, find all, or watch. */
export function App() {
  const [apiKey, setApiKey] = useState(storedKey);
  const [notice, setNotice] = useState<string | undefined>();
  const route = useRoute();
  const dossier = useMemo(() => (apiKey ? clientFor(apiKey) : null), [apiKey]);

  useEffect(() => {
    document.title = `${dossier ? TITLES[route.screen] : "Sign in"} · Dossier console`;
  }, [route.screen, dossier]);

  // A key revoked while signed in: back to the sign-in screen with a word why.
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (event.reason instanceof DossierApiError && event.reason.status === 401)
        signOut("The key was refused; sign in again.");
    };
    addEventListener("unhandledrejection", onRejection);
    return () => removeEventListener("unhandledrejection", onRejection);
  }, []);

  const signOut = (message?: string) => {
    forgetKey();
    setApiKey(null);
    setNotice(message);
  };

  if (!dossier) {
    return (
      <SignInView
        notice={notice}
        onSignedIn={(key) => {
          storeKey(key);
          setApiKey(key);
          setNotice(undefined);
        }}
      />
    );
  }

  const current = TAB_OF[route.screen] ?? route.screen;
  return (
    <>
      <header class="top">
        <p class="brand">Dossier</p>
        <nav class="tabs" aria-label="Console">
          <ul>
            {TABS.map((tab) => (
              <li key={tab.route.screen}>
                <a href={hrefOf(tab.route)} aria-current={tab.route.screen === current ? "page" : undefined}>
                  {tab.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class="spacer" />
        <button type="button" class="secondary" onClick={() => signOut("Signed out.")}>
          Sign out
        </button>
      </header>
      <main id="main">
        {route.screen === "ask" && <AskView dossier={dossier} />}
        {route.screen === "upload" && <UploadView dossier={dossier} />}
        {route.screen === "batches" && <BatchesView dossier={dossier} />}
        {route.screen === "batch" && <BatchView key={route.id} dossier={dossier} id={route.id} />}
        {route.screen === "find" && <FindView dossier={dossier} />}
        {route.screen === "list" && <ListView key={route.id} dossier={dossier} id={route.id} />}
        {route.screen === "watches" && <WatchesView dossier={dossier} />}
        {route.screen === "watch" && <WatchView key={route.id} dossier={dossier} id={route.id} />}
      </main>
    </>
  );
}
