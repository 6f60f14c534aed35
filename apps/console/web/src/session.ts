import { Dossier } from "@dossier/client";

/** Where the key is kept: session storage only, so it is gone when the tab closes and never shared. */
const KEY_ENTRY = "dossier.apiKey";

/** The signed-in key, if any. */
export function storedKey(): string | null {
  return sessionStorage.getItem(KEY_ENTRY);
}

export function storeKey(apiKey: string): void {
  sessionStorage.setItem(KEY_ENTRY, apiKey);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY_ENTRY);
}

/** A client of the gateway that served this page, with the key. */
export function clientFor(apiKey: string): Dossier {
  return new Dossier({ baseUrl: "", apiKey });
}
