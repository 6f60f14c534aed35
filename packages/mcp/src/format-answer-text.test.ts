import { describe, expect, it } from "vitest";
import { formatAnswerText, formatBatchText } from "./format-answer-text.js";

const answer = { answerText: "true", answerNumber: 1, details: "The security page says so.", confidence: 0.89 };

describe("formatAnswerText", () => {
  it("shows each source with its quote when the answer has citations", () => {
    const text = formatAnswerText({
      ...answer,
      sources: ["https://acme.test/security"],
      citations: [
        {
          url: "https://acme.test/security",
          title: "Security",
          quote: "We are SOC 2 Type II certified.",
          publishedAt: "2024-05-01",
        },
      ],
    } as never);
    expect(text).toContain("Answer: true\nConfidence: 0.89\nDetails: The security page says so.\nSources:");
    expect(text).toContain(
      '1. https://acme.test/security (Security), published 2024-05-01\n   "We are SOC 2 Type II certified."',
    );
  });

  it("lists the source URLs when there are no citations, and says when there is no answer", () => {
    const text = formatAnswerText({ ...answer, answerText: null, sources: ["https://acme.test/a"], citations: [] });
    expect(text).toMatch(/^Answer: \(not enough evidence: no answer\)/);
    expect(text).toContain("1. https://acme.test/a\n");
    expect(text).toMatch(/may contain mistakes/);
  });
});

describe("formatBatchText", () => {
  it("counts finished items", () => {
    expect(
      formatBatchText({
        id: "b-1",
        status: "cancelled",
        total: 10,
        completed: 3,
        failed: 1,
        cancelled: 6,
        createdAt: "",
        finishedAt: "",
      }),
    ).toBe("Batch b-1: cancelled, 10 of 10 items finished (3 answered, 1 failed, 6 cancelled).");
  });
});
