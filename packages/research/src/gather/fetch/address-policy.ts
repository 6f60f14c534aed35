import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { DossierError } from "@dossier/contract";
import { findBlockedRange } from "./blocked-ranges.js";
import type { ConnectTarget } from "./connect-to.js";

/** Resolves a host name to every address it has, as `dns.lookup(host, { all: true })` does. */
export type HostLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** Which addresses the fetcher may connect to. */
export interface AddressPolicy {
  /** Lets private, loopback and other blocked addresses through. For tests only. */
  allowPrivate: boolean;
  /** Operator-named connection targets, reached even when private. */
  connectTo: readonly ConnectTarget[];
  /** DNS resolution; every address it returns is checked. */
  lookup: HostLookup;
}

/** Where one connection actually goes after the policy was applied. */
export interface ConnectAddress {
  /** IP address (or operator-named host) the socket connects to. */
  address: string;
  /** TCP port the socket connects to. */
  port: number;
}

export const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Parses `url` and refuses what must never be requested: other schemes, credentials in the URL,
 * and literal IP addresses in a blocked range. Host names are checked later, at connect time.
 */
export function validateFetchUrl(url: string, policy: AddressPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw new DossierError("FETCH_INVALID_URL", { detail: `Not a valid URL: ${url}`, cause: error });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new DossierError("FETCH_INVALID_URL", {
      detail: `Only http and https URLs are fetched, not ${parsed.protocol}`,
    });
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw new DossierError("FETCH_INVALID_URL", { detail: "URLs with credentials (user:password@) are not fetched" });
  }
  if (parsed.hostname === "") {
    throw new DossierError("FETCH_INVALID_URL", { detail: `URL has no host: ${url}` });
  }
  const hostname = unbracket(parsed.hostname);
  if (isIP(hostname) !== 0 && findConnectTarget(parsed, policy) === undefined) {
    assertAddressAllowed(hostname, parsed.hostname, policy);
  }
  return parsed;
}

/** Port of a URL, with the scheme's default filled in. */
export function portOf(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

function findConnectTarget(url: URL, policy: AddressPolicy): ConnectTarget | undefined {
  return findConnectTargetFor(unbracket(url.hostname).toLowerCase(), portOf(url), policy);
}

function findConnectTargetFor(hostname: string, port: number, policy: AddressPolicy): ConnectTarget | undefined {
  return policy.connectTo.find((target) => target.host === hostname && target.port === port);
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
  const target = findConnectTargetFor(bare, port, policy);
  if (target !== undefined) return { address: target.address, port: target.targetPort };
  if (isIP(bare) !== 0) {
    assertAddressAllowed(bare, bare, policy);
    return { address: bare, port };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await policy.lookup(bare);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new DossierError("FETCH_FAILED", {
      detail: `Could not resolve ${bare}${typeof code === "string" ? ` (${code})` : ""}`,
      retryable: code !== "ENOTFOUND",
      cause: error,
    });
  }
  const first = addresses[0];
  if (first === undefined) {
    throw new DossierError("FETCH_FAILED", { detail: `${bare} resolved to no address` });
  }
  for (const { address } of addresses) assertAddressAllowed(address, bare, policy);
  return { address: first.address, port };
}

function assertAddressAllowed(address: string, hostname: string, policy: AddressPolicy): void {
  if (policy.allowPrivate) return;
  const range = findBlockedRange(address);
  if (range === undefined) return;
  const resolvedNote = address === hostname ? "" : ` (${hostname} resolves to it)`;
  throw new DossierError("FETCH_BLOCKED_ADDRESS", {
    detail: `Address ${address}${resolvedNote} is in ${range.cidr}: ${range.reason}`,
  });
}

function unbracket(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}
