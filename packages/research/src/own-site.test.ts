import { describe, expect, it } from "vitest";
import type { ExtractedPage } from "./gather/extract/extracted-page.js";
import { namesOfSite } from "./own-site.js";

function page(url: string, links: Array<[string, string]>, siteName: string | null = null): ExtractedPage {
  return {
    url,
    title: null,
    description: null,
    siteName,
    publishedAt: null,
    modifiedAt: null,
    text: "",
    jsonLd: [],
    links: links.map(([href, text]) => ({ url: href, text })),
    profileLinks: [],
    language: "en",
  };
}

describe("namesOfSite", () => {
  it("names the site by its home page's site name and by other sites' links to it, never by a link's generic words", () => {
    const names = namesOfSite(
      [
        page("https://acme.example/", [], "Acme Surveys"),
        page("https://acme.example/team", [["https://elsewhere.example/", "Elsewhere"]], "Ignored on an inner page"),
        page("https://directory.example/a", [
          ["https://acme.example/", "Acme Surveys"],
          ["https://www.acme.example/about", "Visit website"],
          ["https://acme.example/", "acme.example"],
          ["https://other.example/", "Other Co"],
        ]),
        page("https://news.example/b", [
          ["https://acme.example/", "Acme"],
          ["https://acme.example/", "here"],
        ]),
      ],
      ["https://acme.example"],
    );
    expect(names).toEqual(["Acme Surveys", "Acme"]);
  });
});
