import { describe, expect, it } from "vitest";
import { citationsOf } from "./citations-of.js";

const answer = { answerText: "true", answerNumber: 1, details: "d", confidence: 0.9 };

describe("citationsOf", () => {
  it("gives each citation with its quote when the answer has citations", () => {
    const result = {
      ...answer,
      sources: ["https://acme.test/security"],
      citations: [
        {
          url: "https://acme.test/security",
          title: "Security",
          quote: "Acme is SOC 2 Type II certified.",
          publishedAt: "2024-05-01",
          source: "page",
        },
        {
          url: "https://news.test/acme",
          title: null,
          quote: "Acme passed its audit",
          publishedAt: null,
          source: "search-snippet",
        },
      ],
    };
    expect(citationsOf(result)).toEqual([
      {
        url: "https://acme.test/security",
        title: "Security",
        quote: "Acme is SOC 2 Type II certified.",
        publishedAt: "2024-05-01",
        origin: "page",
      },
      {
        url: "https://news.test/acme",
        title: null,
        quote: "Acme passed its audit",
        publishedAt: null,
        origin: "search-snippet",
      },
    ]);
  });

  it("falls back to the source URLs when there are no citations", () => {
    expect(citationsOf({ ...answer, sources: ["https://acme.test/a"] })).toEqual([
      { url: "https://acme.test/a", title: null, quote: null, publishedAt: null, origin: null },
    ]);
    expect(citationsOf({ ...answer, sources: ["https://acme.test/a"], citations: [] } as never)).toHaveLength(1);
  });

  it("skips citations without a URL", () => {
    const result = { ...answer, sources: [], citations: [{ quote: "no url" }, null, "text"] };
    expect(citationsOf(result as never)).toEqual([]);
  });
});
