import { describe, expect, it } from "vitest";
import { factValues, jsonLdFacts } from "./json-ld-facts.js";

/** The fact lines of an FAQ with one question, as a structured-data passage holds them. */
const faq = jsonLdFacts([
  {
    "@type": "FAQPage",
    mainEntity: [
      {
        "@type": "Question",
        name: "Can I pay yearly?",
        acceptedAnswer: { "@type": "Answer", text: "<p>Yes. Yearly billing saves two months: ask sales.</p>" },
      },
    ],
  },
]);
const question = faq.find((entity) => entity.label === "Question: Can I pay yearly?")!;
const passageText = question.facts.join("\n");

describe("factValues", () => {
  it("the facts are labelled for the model with the type and key", () => {
    expect(question.facts).toEqual([
      "Question name: Can I pay yearly?",
      "Question acceptedAnswer.text: Yes. Yearly billing saves two months: ask sales.",
    ]);
  });

  it.each([
    ["Question name: Can I pay yearly?", ["Can I pay yearly?"]],
    [passageText, ["Can I pay yearly?", "Yes. Yearly billing saves two months: ask sales."]],
    [passageText.replace("\n", " "), ["Can I pay yearly?", "Yes. Yearly billing saves two months: ask sales."]],
    ["question ACCEPTEDANSWER.TEXT: Yes. Yearly billing", ["Yes. Yearly billing"]],
    ["acceptedAnswer.text: Yes. Yearly billing saves two months", ["Yes. Yearly billing saves two months"]],
    ["text: Yes. Yearly billing", ["Yes. Yearly billing"]],
    ["Yearly billing saves two months: ask sales.", ["Yearly billing saves two months: ask sales."]],
  ])("gives the page's own words of %j", (quote, values) => {
    expect(factValues(quote, passageText)).toEqual(values);
  });

  it("gives back a quote of a passage without labels as it is", () => {
    expect(factValues(" Plans are billed per editor. ", "Plans are billed per editor.")).toEqual([
      "Plans are billed per editor.",
    ]);
  });
});
