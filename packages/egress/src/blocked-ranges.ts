import ipaddr from "ipaddr.js";

/**
 * One address range Dossier never connects to: neither the page fetcher nor a batch callback.
 * `refuse` ranges are refused outright; `embedded-ipv4` ranges carry an IPv4 address inside an
 * IPv6 one, and the embedded IPv4 address is checked against the IPv4 rows instead.
 */
export interface BlockedRange {
  /** The range in CIDR notation. */
  cidr: string;
  /** What the range is and why it is refused. */
  reason: string;
  /** `refuse` blocks every address in the range; `embedded-ipv4` checks the embedded IPv4 address. */
  action: "refuse" | "embedded-ipv4";
}

/** Every range Dossier will not reach, IPv4 first, then IPv6. A test covers each row. */
export const blockedRanges: readonly BlockedRange[] = [
  { cidr: "0.0.0.0/8", reason: "this network; 0.0.0.0 reaches the local host on Linux", action: "refuse" },
  { cidr: "10.0.0.0/8", reason: "private network (RFC 1918)", action: "refuse" },
  { cidr: "100.64.0.0/10", reason: "carrier-grade NAT, used for internal traffic by some clouds", action: "refuse" },
  { cidr: "127.0.0.0/8", reason: "loopback", action: "refuse" },
  {
    cidr: "169.254.0.0/16",
    reason: "link-local, includes the 169.254.169.254 cloud metadata service",
    action: "refuse",
  },
  { cidr: "172.16.0.0/12", reason: "private network (RFC 1918)", action: "refuse" },
  { cidr: "192.0.0.0/24", reason: "IETF protocol assignments", action: "refuse" },
  { cidr: "192.0.2.0/24", reason: "documentation (TEST-NET-1)", action: "refuse" },
  { cidr: "192.168.0.0/16", reason: "private network (RFC 1918)", action: "refuse" },
  { cidr: "198.18.0.0/15", reason: "benchmarking", action: "refuse" },
  { cidr: "198.51.100.0/24", reason: "documentation (TEST-NET-2)", action: "refuse" },
  { cidr: "203.0.113.0/24", reason: "documentation (TEST-NET-3)", action: "refuse" },
  { cidr: "224.0.0.0/4", reason: "multicast", action: "refuse" },
  { cidr: "240.0.0.0/4", reason: "reserved", action: "refuse" },
  { cidr: "255.255.255.255/32", reason: "limited broadcast", action: "refuse" },
  { cidr: "::/128", reason: "unspecified address", action: "refuse" },
  { cidr: "::1/128", reason: "loopback", action: "refuse" },
  { cidr: "::ffff:0:0/96", reason: "IPv4-mapped: the embedded IPv4 address decides", action: "embedded-ipv4" },
  { cidr: "::/96", reason: "IPv4-compatible (deprecated): the embedded IPv4 address decides", action: "embedded-ipv4" },
  {
    cidr: "64:ff9b::/96",
    reason: "NAT64 well-known prefix: the embedded IPv4 address decides",
    action: "embedded-ipv4",
  },
  {
    cidr: "64:ff9b:1::/48",
    reason: "NAT64 local-use prefix (RFC 8215), translates to private space",
    action: "refuse",
  },
  { cidr: "2001::/32", reason: "Teredo tunnels, which can reach IPv4 space unchecked", action: "refuse" },
  { cidr: "2001:db8::/32", reason: "documentation", action: "refuse" },
  { cidr: "2002::/16", reason: "6to4 tunnels, which can reach IPv4 space unchecked", action: "refuse" },
  { cidr: "fc00::/7", reason: "unique local, includes the fd00:ec2::254 cloud metadata service", action: "refuse" },
  { cidr: "fe80::/10", reason: "link-local", action: "refuse" },
  { cidr: "fec0::/10", reason: "site-local (deprecated, still routed inside some networks)", action: "refuse" },
  { cidr: "ff00::/8", reason: "multicast", action: "refuse" },
];

const parsedRanges = blockedRanges.map((range) => ({ range, cidr: ipaddr.parseCIDR(range.cidr) }));

/** Returned for a string that is not an IP address at all: such a value is refused. */
const unparseable: BlockedRange = { cidr: "invalid", reason: "not an IP address", action: "refuse" };

/**
 * The range that refuses `address` (an IPv4 or IPv6 address without brackets), or undefined when
 * the address may be reached. For an address that embeds IPv4 the IPv4 row that refuses the
 * embedded address is returned.
 */
export function findBlockedRange(address: string): BlockedRange | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(stripZone(address));
  } catch {
    return unparseable;
  }
  // Most specific rows come first so that ::1 is refused before ::/96 hands it to the IPv4 rows.
  const matches = parsedRanges
    .filter(({ cidr }) => cidr[0].kind() === parsed.kind() && parsed.match(cidr))
    .sort((left, right) => right.cidr[1] - left.cidr[1]);
  const first = matches[0];
  if (first === undefined) return undefined;
  if (first.range.action === "refuse") return first.range;
  const parts = (parsed as ipaddr.IPv6).parts;
  const embedded = new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 0xff, parts[7]! >> 8, parts[7]! & 0xff]);
  return findBlockedRange(embedded.toString());
}

/** Whether Dossier refuses to connect to `address`. */
export function isBlockedAddress(address: string): boolean {
  return findBlockedRange(address) !== undefined;
}

function stripZone(address: string): string {
  const unbracketed = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const zoneIndex = unbracketed.indexOf("%");
  return zoneIndex === -1 ? unbracketed : unbracketed.slice(0, zoneIndex);
}
