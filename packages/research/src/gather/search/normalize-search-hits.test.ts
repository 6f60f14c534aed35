import { describe, expect, it } from "vitest";
import { normalizeSearchHits, stripHtmlTags } from "./normalize-search-hits.js";

describe("stripHtmlTags", () => {
  it.each([
    ["<strong>Ada</strong> Lovelace", "Ada Lovelace"],
    ["Tom &amp; Jerry &lt;3 &quot;cats&quot; &#39;n&#x27; mice", `Tom & Jerry <3 "cats" 'n' mice`],
    ["line one<br/>line\n\n two", "line one line two"],
    ["Love<strong>lace</strong>", "Lovelace"],
    ["<script>alert(1)</script>visible", "visible"],
    ["2 < 3 and 5 > 4", "2 < 3 and 5 > 4"],
    ["&unknown; stays", "&unknown; stays"],
  ])("turns %j into %j", (input, expected) => {
    expect(stripHtmlTags(input)).toBe(expected);
  });
});

describe("normalizeSearchHits", () => {
  const raw = (url: string | null, publishedAt: string | null = null) => ({
    url,
    title: "t",
    snippet: "s",
    publishedAt,
  });

  it("reads dates as ISO strings, offset-less ones as UTC, and drops prose dates", () => {
    const hits = normalizeSearchHits(
      "serper",
      [
        raw("https://a.example/", "2024-03-04T10:20:30"),
        raw("https://b.example/", "2024-03-04"),
        raw("https://c.example/", "2024-03-04T12:00:00+02:00"),
        raw("https://d.example/", "3 days ago"),
        raw("https://e.example/", ""),
      ],
      10,
    );
    expect(hits.map((hit) => hit.publishedAt)).toEqual([
      "2024-03-04T10:20:30.000Z",
      "2024-03-04T00:00:00.000Z",
      "2024-03-04T10:00:00.000Z",
      null,
      null,
    ]);
  });

  it("skips missing and malformed URLs and ranks what is left from 1 up to the limit", () => {
    const hits = normalizeSearchHits(
      "brave",
      [
        raw(null),
        raw("not a url"),
        raw("https://a.example/1"),
        raw("mailto:ada@example.com"),
        raw("https://a.example/2"),
        raw("https://a.example/3"),
      ],
      2,
    );
    expect(hits.map((hit) => [hit.rank, hit.url, hit.provider])).toEqual([
      [1, "https://a.example/1", "brave"],
      [2, "https://a.example/2", "brave"],
    ]);
  });
});
