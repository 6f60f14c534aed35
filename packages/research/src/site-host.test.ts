import { describe, expect, it } from "vitest";
import { isOnSite, siteHostOf } from "./site-host.js";

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
