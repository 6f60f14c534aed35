import { describe, expect, it } from "vitest";
import { questionIntents } from "./question-intents.js";

describe("questionIntents", () => {
  it.each([
    "Which login standards does Acme support?",
    "Does the Acme team plan support audit logs?",
    "At what tier does the Example Trust support Acme?",
    "Are hardware keys supported?",
  ])("reads the verb 'support' as what the product does, not a support desk: %s", (question) => {
    const intents = questionIntents(question, "company");
    expect(intents).not.toContain("contact");
  });

  it.each([
    "Does Acme offer support by email?",
    "Can I get support from Acme over chat?",
    "What is Acme's support phone number?",
    "Who runs customer support at Acme?",
  ])("reads 'support' as the service where it is one: %s", (question) => {
    expect(questionIntents(question, "company")).toContain("contact");
  });
});
