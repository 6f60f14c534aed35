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

  it.each([
    "What is the business registry code of the company behind Acme?",
    "Under which registration number is Acme listed?",
    "Which court keeps Acme's commercial register entry?",
  ])("reads a register, a registry or a registration as a question about the legal entity: %s", (question) => {
    expect(questionIntents(question, "company")).toContain("legal-entity");
  });
});
