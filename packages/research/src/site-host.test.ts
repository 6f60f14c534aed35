import { describe, expect, it } from "vitest";
import { isOnSite, originAsGiven, otherWwwOrigin, siteHostOf } from "./site-host.js";

describe("siteHostOf", () => {
  it("gives the host without www, and the fallback for what does not parse", () => {
    expect(siteHostOf("https://www.acme.com/about")).toBe("acme.com");
    expect(siteHostOf("https://blog.acme.com/")).toBe("blog.acme.com");
    expect(siteHostOf("not a url")).toBe("not a url");
    expect(siteHostOf("not a url", "")).toBe("");
  });
});

describe("isOnSite", () => {
  it.each([
    ["acme.com", "acme.com", true],
    ["blog.acme.com", "acme.com", true],
    ["notacme.com", "acme.com", false],
    ["acme.com.evil.test", "acme.com", false],
  ])("%s on %s: %s", (host, site, expected) => {
    expect(isOnSite(host, site)).toBe(expected);
  });
});

describe("originAsGiven and otherWwwOrigin", () => {
  it.each([
    ["https://www.acme.com/about", "https://www.acme.com"],
    ["www.acme.com", "https://www.acme.com"],
    ["//WWW.acme.com", "https://www.acme.com"],
    ["https://acme.com", "https://acme.com"],
    ["acme.com/www.html", "https://acme.com"],
  ])("keeps www. as the caller gave it: %s", (given, origin) => {
    expect(originAsGiven("https://acme.com", given)).toBe(origin);
  });

  it("turns a host into its other form and back", () => {
    expect(otherWwwOrigin("https://acme.com")).toBe("https://www.acme.com");
    expect(otherWwwOrigin("https://www.acme.com")).toBe("https://acme.com");
    expect(otherWwwOrigin("http://www.acme.com:8080")).toBe("http://acme.com:8080");
  });
});
