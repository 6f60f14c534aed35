import { Dossier } from "@dossier/client";
import type { Config } from "@dossier/config";

/** Where a command talks to the gateway: flags first, then DOSSIER_URL and DOSSIER_API_KEY (or API_KEYS). */
export interface GatewayFlags {
  url?: string;
  key?: string;
}

/** The typed client of the gateway the command talks to; fails with a message when no key is known. */
export function gatewayClient(config: Config, flags: GatewayFlags): Dossier {
  const apiKey = flags.key ?? config.client.apiKey;
  if (!apiKey)
    throw new Error("No API key: pass --key, set DOSSIER_API_KEY, or make one with `dossier keys create --name me`.");
  return new Dossier({ baseUrl: flags.url ?? config.client.url, apiKey });
}

/** Help text of the shared `--url` and `--key` flags. */
export const GATEWAY_FLAG_HELP = {
  url: "gateway base URL (default DOSSIER_URL, else http://127.0.0.1:$PORT)",
  key: "API key (default DOSSIER_API_KEY, else the first of API_KEYS)",
} as const;
