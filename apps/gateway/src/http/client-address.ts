import { isIP } from "node:net";
import type { Request } from "express";

/**
 * The client a request counts against: Express's `request.ip`, which is the connection's address
 * unless `TRUSTED_PROXIES` names the proxy it came through (then the address that proxy reported
 * in `X-Forwarded-For`). IPv4 written as IPv6 (`::ffff:192.0.2.1`) is read as IPv4, and an IPv6
 * address counts as its /64 network: one host commonly holds a whole /64 and could otherwise step
 * through its addresses.
 */
export function clientAddressOf(request: Request): string {
  return addressGroup(request.ip ?? request.socket.remoteAddress ?? "unknown");
}

/** The address, or the /64 network of an IPv6 address (`2001:db8:1:2::/64`). */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
