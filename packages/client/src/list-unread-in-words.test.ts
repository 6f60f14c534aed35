import { describe, expect, it } from "vitest";
import { errorTitleOf, listUnreadInWords } from "./list-unread-in-words.js";

describe("listUnreadInWords", () => {
  it("says nothing of a list that read everything", () => {
    expect(listUnreadInWords({})).toEqual([]);
    expect(listUnreadInWords({ unreadPages: [], failedSearches: [] })).toEqual([]);
  });

  it("names each page with the status it answered, else what happened, and each failed search", () => {
    expect(
      listUnreadInWords({
        unreadPages: [
          { url: "https://index.example/members", code: "FETCH_HTTP_ERROR", status: 503 },
          { url: "https://slow.example/", code: "FETCH_TIMEOUT" },
        ],
        failedSearches: [{ query: "climate startups directory", code: "SEARCH_PROVIDER_RATE_LIMITED" }],
      }),
    ).toEqual([
      "2 pages could not be read: https://index.example/members (503), https://slow.example/ (page fetch timed out)",
      "1 search failed: “climate startups directory” (search provider rate limited)",
    ]);
  });

  it("counts one page and several searches in words, and keeps a code it does not know", () => {
    expect(
      listUnreadInWords({
        unreadPages: [{ url: "https://index.example/members", code: "FETCH_SOMETHING_NEW" }],
        failedSearches: [
          { query: "a", code: "SEARCH_PROVIDER_FAILED" },
          { query: "b", code: "SEARCH_PROVIDER_FAILED" },
        ],
      }),
    ).toEqual([
      "1 page could not be read: https://index.example/members (FETCH_SOMETHING_NEW)",
      "2 searches failed: “a” (search provider failed), “b” (search provider failed)",
    ]);
  });
});

describe("errorTitleOf", () => {
  it("gives the catalogue's title of a code, or the code itself", () => {
    expect(errorTitleOf("RESEARCH_FAILED")).toBe("Research failed");
    expect(errorTitleOf("SOMETHING_NEW")).toBe("SOMETHING_NEW");
  });
});
