import { describe, expect, it } from "vitest";
import { namedSiteOf } from "./named-site.js";

const hit = (url: string, title = "", snippet = "") => ({ url, title, snippet, rank: 1, provider: "memory" });

describe("the company's own site among search results", () => {
  it("is the host spelled as the company's name, its subdomains before the name dropped", () => {
    expect(
      namedSiteOf("Quill & Ink, Inc.", [hit("https://news.example/q"), hit("https://quillink.example/blog/a")]),
    ).toBe("https://quillink.example");
    expect(namedSiteOf("Let's Quill", [hit("https://docs.letsquill.org/guide")])).toBe("https://letsquill.org");
    expect(namedSiteOf("7Q", [hit("https://7q.agency.example/about")])).toBe("https://7q.agency.example");
  });

  it("is spelled as the name's leading words only where the result writes the whole name", () => {
    expect(namedSiteOf("Granite Analytics", [hit("https://granite.example/", "Granite Analytics: web stats")])).toBe(
      "https://granite.example",
    );
    expect(namedSiteOf("Granite Analytics", [hit("https://granite.example/", "Granite countertops")])).toBeNull();
  });

  it("is none where no result's host is the company's", () => {
    expect(namedSiteOf("Quillon Surveys", [hit("https://surveys.example/quillon", "Quillon Surveys")])).toBeNull();
  });
});
