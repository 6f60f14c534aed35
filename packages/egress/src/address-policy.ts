import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { DossierError, isDossierError } from "@dossier/contract";
import { findBlockedRange } from "./blocked-ranges.js";
import type { ConnectTarget } from "./connect-to.js";

/** Resolves a host name to every address it has, as `dns.lookup(host, { all: true })` does. */
export type HostLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** Which addresses an outbound call (a page fetch, a batch callback) may connect to. */
export interface AddressPolicy {
  /** Lets private, loopback and other blocked addresses through (`FETCH_ALLOW_PRIVATE`). For tests only. */
  allowPrivate: boolean;
  /** Operator-named connection targets (`FETCH_CONNECT_TO`), reached even when private. */
  connectTo: readonly ConnectTarget[];
  /** DNS resolution; every address it returns is checked. Default: the system resolver. */
  lookup?: HostLookup;
}

/** Where one connection actually goes after the policy was applied. */
export interface ConnectAddress {
  /** IP address (or operator-named host) the socket connects to. */
  address: string;
  /** TCP port the socket connects to. */
  port: number;
}

/** A checked outbound URL and the address its connection goes to. */
export interface OutboundTarget extends ConnectAddress {
  url: URL;
}

/** The system resolver, returning every address of a name. */
export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Whether an error is the policy refusing a URL or an address (as opposed to a network failure). */
export function isOutboundRefusal(error: unknown): error is DossierError {
  return isDossierError(error) && (error.code === "FETCH_INVALID_URL" || error.code === "FETCH_BLOCKED_ADDRESS");
}

/**
 * Parses `url` and refuses what must never be requested: other schemes, credentials in the URL,
 * and literal IP addresses in a blocked range (FETCH_INVALID_URL, FETCH_BLOCKED_ADDRESS). Host
 * names are checked later, at connect time, by {@link resolveConnectAddress}.
 */
export function parseOutboundUrl(url: string, policy: AddressPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new DossierError("FETCH_INVALID_URL", { detail: "it is not a valid absolute URL", cause: error });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new DossierError("FETCH_INVALID_URL", {
      detail: `only http and https URLs are used, not ${parsed.protocol}`,
    });
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw new DossierError("FETCH_INVALID_URL", { detail: "URLs with credentials (user:password@) are not used" });
  }
  if (parsed.hostname === "") throw new DossierError("FETCH_INVALID_URL", { detail: "the URL has no host" });
  const hostname = unbracket(parsed.hostname);
  if (isIP(hostname) !== 0 && findConnectTarget(hostname, portOf(parsed), policy) === undefined) {
    assertAddressAllowed(hostname, null, policy);
  }
  return parsed;
}

/** Port of a URL, with the scheme's default filled in. */
export function portOf(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

function findConnectTarget(hostname: string, port: number, policy: AddressPolicy): ConnectTarget | undefined {
  const host = hostname.toLowerCase();
  return policy.connectTo.find((target) => target.host === host && target.port === port);
}

/**
 * Decides the address one connection to `hostname:port` goes to. A connect-to rule wins; a
 * literal IP is checked; a host name is resolved, every address it resolves to is checked, and
 * the first one is returned so the socket goes to exactly the address that was checked.
 */
export async function resolveConnectAddress(
  hostname: string,
  port: number,
  policy: AddressPolicy,
): Promise<ConnectAddress> {
  const bare = unbracket(hostname).toLowerCase();
  const target = findConnectTarget(bare, port, policy);
  if (target !== undefined) return { address: target.address, port: target.targetPort };
  if (isIP(bare) !== 0) {
    assertAddressAllowed(bare, null, policy);
    return { address: bare, port };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await (policy.lookup ?? systemLookup)(bare);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new DossierError("FETCH_FAILED", {
      detail: `could not resolve ${bare}${typeof code === "string" ? ` (${code})` : ""}`,
      retryable: code !== "ENOTFOUND",
      cause: error,
    });
  }
  const first = addresses[0];
  if (first === undefined) throw new DossierError("FETCH_FAILED", { detail: `${bare} resolved to no address` });
  for (const { address } of addresses) assertAddressAllowed(address, bare, policy);
  return { address: first.address, port };
}

/** Parses and checks a URL, then resolves where its connection goes: {@link parseOutboundUrl} and {@link resolveConnectAddress}. */
export async function resolveOutboundTarget(url: string, policy: AddressPolicy): Promise<OutboundTarget> {
  const parsed = parseOutboundUrl(url, policy);
  return { url: parsed, ...(await resolveConnectAddress(parsed.hostname, portOf(parsed), policy)) };
}

/**
 * Refuses an address in a blocked range. The message never names the address nor its range: a
 * literal address may come from a page's redirect rather than from the caller, and for a host name
 * it would say what the name resolved to, so that an error could be used to map internal names.
 */
function assertAddressAllowed(address: string, hostname: string | null, policy: AddressPolicy): void {
  if (policy.allowPrivate) return;
  const range = findBlockedRange(address);
  if (range === undefined) return;
  throw new DossierError("FETCH_BLOCKED_ADDRESS", {
    detail: hostname === null ? "the address is not a public address" : `${hostname} is not a public address`,
  });
}

function unbracket(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}
