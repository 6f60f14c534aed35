import { describe, expect, it } from "vitest";
import { canonicalWebsite } from "./canonical-website.js";

const cases: Array<[string | null | undefined, string | null]> = [
  ["https://acme.com", "https://acme.com"],
  ["acme.com", "https://acme.com"],
  ["www.Acme.com/about", "https://acme.com"],
  ["http://www.acme.com/", "https://acme.com"],
  ["HTTPS://WWW.ACME.COM/en/contact?utm_source=x#team", "https://acme.com"],
  ["https://acme.com:443/", "https://acme.com"],
  ["http://acme.com:80", "https://acme.com"],
  ["acme.com:8080/app", "https://acme.com"],
  ["//acme.com/path", "https://acme.com"],
  ["  shop.acme.co.uk  ", "https://shop.acme.co.uk"],
  ["acme.com.", "https://acme.com"],
  ["münchen.de", "https://xn--mnchen-3ya.de"],
  ["www2.acme.com", "https://www2.acme.com"],
  // Rejected
  ["ftp://acme.com", null],
  ["mailto:info@acme.com", null],
  ["javascript:alert(1)", null],
  ["https://user:secret@acme.com", null],
  ["https://user@acme.com", null],
  ["http://192.168.0.1", null],
  ["10.0.0.1", null],
  ["http://[::1]/", null],
  ["localhost", null],
  ["http://intranet/", null],
  ["acme", null],
  ["acme.123", null],
  ["acme .com", null],
  ["-", null],
  ["", null],
  [null, null],
];

describe("canonicalWebsite", () => {
  it.each(cases)("%j -> %j", (raw, expected) => {
    expect(canonicalWebsite(raw)).toBe(expected);
  });
});
