import { describe, expect, it } from "vitest";
import { blockedRanges, findBlockedRange, isBlockedAddress } from "./blocked-ranges.js";

// One sample inside every row of the table; the test below fails if a row has no sample.
const samples: Record<string, string[]> = {
  "0.0.0.0/8": ["0.0.0.0", "0.255.1.2"],
  "10.0.0.0/8": ["10.0.0.1", "10.255.255.255"],
  "100.64.0.0/10": ["100.64.0.1", "100.127.255.254"],
  "127.0.0.0/8": ["127.0.0.1", "127.255.0.9"],
  "169.254.0.0/16": ["169.254.169.254", "169.254.0.1"],
  "172.16.0.0/12": ["172.16.0.1", "172.31.255.255"],
  "192.0.0.0/24": ["192.0.0.8"],
  "192.0.2.0/24": ["192.0.2.10"],
  "192.168.0.0/16": ["192.168.1.1"],
  "198.18.0.0/15": ["198.18.0.1", "198.19.255.254"],
  "198.51.100.0/24": ["198.51.100.7"],
  "203.0.113.0/24": ["203.0.113.99"],
  "224.0.0.0/4": ["224.0.0.251", "239.255.255.250"],
  "240.0.0.0/4": ["240.0.0.1", "255.255.255.254"],
  "255.255.255.255/32": ["255.255.255.255"],
  "::/128": ["::"],
  "::1/128": ["::1", "0:0:0:0:0:0:0:1"],
  "::ffff:0:0/96": ["::ffff:127.0.0.1", "::ffff:a9fe:a9fe", "::ffff:10.1.2.3"],
  "::/96": ["::127.0.0.1", "::a9fe:a9fe"],
  "64:ff9b::/96": ["64:ff9b::127.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b::192.168.0.1"],
  "64:ff9b:1::/48": ["64:ff9b:1::8.8.8.8"],
  "2001::/32": ["2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  "2001:db8::/32": ["2001:db8::1"],
  "2002::/16": ["2002:7f00:1::1", "2002:808:808::1"],
  "fc00::/7": ["fc00::1", "fd00:ec2::254", "fdff:ffff::1"],
  "fe80::/10": ["fe80::1", "fe80::1%eth0", "febf::1"],
  "fec0::/10": ["fec0::1"],
  "ff00::/8": ["ff02::1", "ff05::1:3"],
};

const publicAddresses = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.1",
  "172.15.255.255",
  "172.32.0.1",
  "192.0.3.1",
  "198.17.255.255",
  "198.20.0.1",
  "223.255.255.255",
  "2606:4700:4700::1111",
  "2a00:1450:4001:80b::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::8.8.8.8",
];

describe("blocked address ranges", () => {
  it("has a sample for every row and no sample for a missing row", () => {
    expect(Object.keys(samples).sort()).toEqual(blockedRanges.map((range) => range.cidr).sort());
  });

  for (const range of blockedRanges) {
    const addresses = samples[range.cidr] ?? [];
    for (const address of addresses) {
      it(`refuses ${address} (${range.cidr}, ${range.reason})`, () => {
        expect(isBlockedAddress(address)).toBe(true);
        if (range.action === "refuse") expect(findBlockedRange(address)?.cidr).toBe(range.cidr);
      });
    }
  }

  it("hands addresses with embedded IPv4 to the IPv4 row that refuses them", () => {
    expect(findBlockedRange("::ffff:127.0.0.1")?.cidr).toBe("127.0.0.0/8");
    expect(findBlockedRange("64:ff9b::a9fe:a9fe")?.cidr).toBe("169.254.0.0/16");
    expect(findBlockedRange("::10.0.0.1")?.cidr).toBe("10.0.0.0/8");
  });

  for (const address of publicAddresses) {
    it(`allows the public address ${address}`, () => {
      expect(findBlockedRange(address)).toBeUndefined();
    });
  }

  it("refuses a value that is not an IP address", () => {
    expect(isBlockedAddress("example.com")).toBe(true);
    expect(isBlockedAddress("")).toBe(true);
  });
});
