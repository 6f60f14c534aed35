import { describe, expect, it } from "vitest";
import { evidenceConfidence, SNIPPET_ONLY_CAP, type SupportingSource } from "./evidence-confidence.js";

const now = new Date("2026-11-22T00:00:00Z");
const own: SupportingSource = { ownSite: true, snippet: false, exact: true, publishedAt: null };
const thirdParty: SupportingSource = { ownSite: false, snippet: false, exact: true, publishedAt: null };
const snippet: SupportingSource = { ownSite: false, snippet: true, exact: true, publishedAt: null };
const confidence = (sources: SupportingSource[], extra: Partial<Parameters<typeof evidenceConfidence>[0]> = {}) =>
  evidenceConfidence({ sources, modelConfidence: 0.8, conflicting: 0, unverified: 0, now, ...extra });

describe("evidenceConfidence", () => {
  it("rises with independent sources and with the subject's own site", () => {
    expect(confidence([own, thirdParty])).toBeGreaterThan(confidence([own]));
    expect(confidence([own])).toBeGreaterThan(confidence([thirdParty]));
    expect(confidence([thirdParty, thirdParty])).toBeGreaterThan(confidence([thirdParty]));
  });

  it("counts a search snippet for less than the page, and caps answers that rest on snippets alone", () => {
    expect(confidence([snippet])).toBeLessThan(confidence([thirdParty]));
    // Below "likely" (0.85) however many snippets agree: the page itself was never read.
    expect(confidence([snippet, snippet, snippet], { modelConfidence: 1 })).toBe(SNIPPET_ONLY_CAP);
    expect(SNIPPET_ONLY_CAP).toBeLessThan(0.85);
  });

  it("counts a fuzzy quote and an old page for less", () => {
    expect(confidence([{ ...own, exact: false }])).toBeLessThan(confidence([own]));
    expect(confidence([{ ...own, publishedAt: "2016-01-01" }])).toBeLessThan(
      confidence([{ ...own, publishedAt: "2026-01-01" }]),
    );
  });

  it("falls when citations disagree with the answer or were invented", () => {
    expect(confidence([own], { conflicting: 1 })).toBeLessThan(confidence([own]));
    expect(confidence([own], { unverified: 1 })).toBeLessThan(confidence([own]));
  });

  it("takes the model's number into account, and stays inside 0 to 0.97", () => {
    expect(confidence([own], { modelConfidence: 0.2 })).toBeLessThan(confidence([own], { modelConfidence: 0.9 }));
    expect(confidence([own, own, own, own], { modelConfidence: 1 })).toBeLessThanOrEqual(0.97);
    expect(confidence([], { modelConfidence: 0 })).toBe(0);
  });
});

describe("the checks' support", () => {
  it("counts a quote that speaks of what is asked, shows its kind and names the subject for more", () => {
    const full = { kindShown: true, subjectNamed: true, topicShare: 1 };
    const bare = { kindShown: false, subjectNamed: false, topicShare: 0 };
    expect(confidence([own], { checks: full })).toBeGreaterThan(confidence([own], { checks: bare }));
    expect(confidence([own], { checks: { ...full, subjectNamed: false } })).toBeLessThan(
      confidence([own], { checks: full }),
    );
  });
});
