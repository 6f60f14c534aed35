import { describe, expect, it } from "vitest";
import { findProfileLinks, toProfileUrl } from "./find-profile-links.js";

describe("toProfileUrl", () => {
  it.each([
    ["https://www.linkedin.com/in/jane-doe/?trk=public", "https://www.linkedin.com/in/jane-doe"],
    ["https://linkedin.com/company/acme-corp/about/", "https://linkedin.com/company/acme-corp"],
    ["http://twitter.com/acmehq", "https://twitter.com/acmehq"],
    ["https://x.com/acmehq#top", "https://x.com/acmehq"],
    ["https://github.com/acme", "https://github.com/acme"],
    ["https://github.com/acme/rocket", "https://github.com/acme/rocket"],
    ["https://www.crunchbase.com/organization/acme", "https://www.crunchbase.com/organization/acme"],
    ["https://www.youtube.com/@acme", "https://www.youtube.com/@acme"],
    ["https://bsky.app/profile/acme.bsky.social", "https://bsky.app/profile/acme.bsky.social"],
  ])("canonicalises %s", (raw, expected) => {
    expect(toProfileUrl(raw)).toBe(expected);
  });

  it.each([
    "https://twitter.com/intent/tweet?text=hello",
    "https://x.com/share?url=https://acme.example",
    "https://www.linkedin.com/shareArticle?mini=true",
    "https://www.facebook.com/sharer/sharer.php?u=x",
    "https://github.com/features/actions",
    "https://github.com",
    "https://acme.example/team",
    "mailto:jane@acme.example",
    "not a url",
  ])("rejects %s", (raw) => {
    expect(toProfileUrl(raw)).toBeNull();
  });
});

describe("findProfileLinks", () => {
  it("merges page links and JSON-LD sameAs without duplicates", () => {
    const profiles = findProfileLinks(
      "https://acme.example/",
      [
        "https://github.com/acme",
        "https://acme.example/blog",
        "https://www.linkedin.com/company/acme/",
        "https://twitter.com/intent/tweet",
      ],
      ["https://github.com/acme/", "https://www.wikidata.org/wiki/Q42"],
    );
    expect(profiles).toEqual([
      "https://github.com/acme",
      "https://www.wikidata.org/wiki/Q42",
      "https://www.linkedin.com/company/acme",
    ]);
  });

  it("ignores links into the network the page itself belongs to", () => {
    expect(
      findProfileLinks("https://github.com/acme", ["https://github.com/acme/rocket", "https://x.com/acme"]),
    ).toEqual(["https://x.com/acme"]);
  });
});
