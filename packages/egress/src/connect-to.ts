import ipaddr from "ipaddr.js";

/**
 * One curl `--connect-to` rule: a fetch of `host:port` opens its connection to
 * `address:targetPort` instead. The URL, the Host header and the TLS server name (SNI, and so the
 * certificate check) stay those of `host`. The operator named the target, so it is reached even
 * when its address is private.
 */
export interface ConnectTarget {
  /** Host name as it appears in fetched URLs, lower case, e.g. `acme.test`. */
  host: string;
  /** Port of the fetched URLs, e.g. 443 for `https://acme.test/`. */
  port: number;
  /** IP address (or host name) the connection goes to instead, e.g. `127.0.0.1`. */
  address: string;
  /** Port the connection goes to instead. */
  targetPort: number;
}

/**
 * Parses `host:port:address:port[,...]` (the `FETCH_CONNECT_TO` setting). An IPv6 address is
 * written in brackets: `acme.test:443:[::1]:8443`. Throws a plain Error naming the bad entry.
 */
export function parseConnectTo(text: string): ConnectTarget[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map(parseEntry);
}

const entryPattern = /^(\[[^\]]+\]|[^:[\]]+):(\d+):(\[[^\]]+\]|[^:[\]]+):(\d+)$/;

function parseEntry(entry: string): ConnectTarget {
  const match = entryPattern.exec(entry);
  if (match === null) {
    throw new Error(`connect-to entry "${entry}" is not host:port:address:port`);
  }
  const [, host, port, address, targetPort] = match as unknown as [string, string, string, string, string];
  const unbracketedAddress = unbracket(address);
  if (address.startsWith("[") && !ipaddr.IPv6.isValid(unbracketedAddress)) {
    throw new Error(`connect-to entry "${entry}" has an invalid IPv6 address`);
  }
  return {
    host: unbracket(host).toLowerCase(),
    port: parsePort(port, entry),
    address: unbracketedAddress,
    targetPort: parsePort(targetPort, entry),
  };
}

function parsePort(text: string, entry: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`connect-to entry "${entry}" has an invalid port ${text}`);
  }
  return port;
}

function unbracket(value: string): string {
  return value.startsWith("[") && value.endsWith("]") ? value.slice(1, -1) : value;
}
