import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";

/** Resolves a host name to every address it has, as `dns.lookup(host, { all: true })` does. */
export type CallbackHostLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** Which addresses a callback may be sent to: the same rules as the page fetcher's. */
export interface CallbackAddressPolicy {
  /** Why an address must not be called (e.g. `127.0.0.0/8: loopback`), or undefined when it may. */
  blockedReason: (address: string) => string | undefined;
  /** Lets private and loopback addresses through (`FETCH_ALLOW_PRIVATE`). For tests only. */
  allowPrivate: boolean;
  /** Operator-named connection targets (`FETCH_CONNECT_TO`), reached even when private. */
  connectTo: ReadonlyArray<{ host: string; port: number; address: string; targetPort: number }>;
  /** DNS resolution. Default: the system resolver. */
  lookup?: CallbackHostLookup;
}

/** The address a callback connects to, after the checks. */
export interface CallbackTarget {
  url: URL;
  /** Checked IP address (or operator-named host) the socket connects to. */
  address: string;
  port: number;
}

/** A callback URL that may not be used; `message` says why in words a caller understands. */
export class CallbackAddressError extends Error {
  override readonly name = "CallbackAddressError";
}

const systemLookup: CallbackHostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Parses a callback URL and refuses other schemes and credentials; no DNS yet. */
export function parseCallbackUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CallbackAddressError("is not a valid absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new CallbackAddressError("must be an http or https URL");
  if (url.username || url.password) throw new CallbackAddressError("must not carry credentials (user:password@)");
  if (!url.hostname) throw new CallbackAddressError("has no host");
  return url;
}

/**
 * Decides where a callback goes: a connect-to rule wins; otherwise the host is resolved and every
 * address checked, and the first one is returned so that the connection goes to exactly the
 * address that was checked (a DNS answer that changes afterwards cannot redirect it).
 */
export async function resolveCallbackTarget(text: string, policy: CallbackAddressPolicy): Promise<CallbackTarget> {
  const url = parseCallbackUrl(text);
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  const rule = policy.connectTo.find((candidate) => candidate.host === host && candidate.port === port);
  if (rule) return { url, address: rule.address, port: rule.targetPort };
  let addresses: Array<{ address: string }>;
  if (isIP(host) !== 0) {
    addresses = [{ address: host }];
  } else {
    try {
      addresses = await (policy.lookup ?? systemLookup)(host);
    } catch {
      throw new CallbackAddressError(`host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new CallbackAddressError(`host ${host} resolved to no address`);
  if (!policy.allowPrivate) {
    for (const { address } of addresses) {
      const reason = policy.blockedReason(address);
      if (reason !== undefined) {
        throw new CallbackAddressError(
          `${address === host ? "" : `resolves to ${address}, which `}is in a blocked range (${reason})`,
        );
      }
    }
  }
  return { url, address: addresses[0]!.address, port };
}
