import { describe, expect, it } from "vitest";
import { initialismsOfNames, initialismsOfPhrases } from "./initialisms.js";

describe("initialisms", () => {
  it("reads the short forms of the phrases a question spells out", () => {
    const found = initialismsOfPhrases("Which content delivery network does Example Labs use?").map(
      (entry) => entry.initialism,
    );
    expect(found).toContain("cdn");
    expect(initialismsOfPhrases("Does it ship a software development kit?")).toContainEqual({
      initialism: "sdk",
      words: 3,
    });
    // Each part of a hyphenated word has its letter: "single sign-on" is "SSO".
    expect(initialismsOfPhrases("Which single sign-on standard is used?")).toContainEqual({
      initialism: "sso",
      words: 3,
    });
    // Question words and short words break a phrase: "what is the" gives no short form.
    expect(initialismsOfPhrases("What is the price?")).toEqual([]);
  });

  it("reads the short forms a text spells out in capitalised words, with or without linking words", () => {
    const found = initialismsOfNames("We can also sign Business Associate Addendums through an Enterprise Plan.");
    expect(found.has("baa")).toBe(true);
    expect(initialismsOfNames("the Health Insurance Portability and Accountability Act").has("hipaa")).toBe(true);
    // A comma or a bracket ends a name: "Germany): Server" is two.
    expect(initialismsOfNames("Hosted in Germany): Server Hosting").has("gsh")).toBe(false);
    expect(initialismsOfNames("a business associate addendum").size).toBe(0);
  });
});
