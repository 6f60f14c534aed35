import { describe, expect, it } from "vitest";
import { type CardPassage, personFieldsFromCards } from "./person-from-cards.js";
import type { PersonIdentity } from "./plan/plan-research.js";

function card(text: string, ownSite = true): CardPassage {
  return {
    passage: {
      id: "p",
      url: "https://acme.example/team",
      title: "Team",
      heading: null,
      text,
      tokens: 50,
      source: "page",
    },
    ownSite,
    publishedAt: null,
  };
}

const noor: PersonIdentity = {
  fullName: "Noor Haddad",
  firstName: "Noor",
  title: null,
  companyName: "Acme Surveys",
  companyHosts: ["acme.example"],
};
const firstNameOnly: PersonIdentity = { ...noor, fullName: null };

const fields = (cards: CardPassage[], person = noor) =>
  Object.fromEntries(personFieldsFromCards(cards, person).map((item) => [item.field, [item.value, item.quote]]));

describe("personFieldsFromCards", () => {
  it("reads the title and place on the card's own line", () => {
    expect(fields([card("- Omar Ruiz — Engineer\n- Noor Haddad — Head of Research | Leeds, United Kingdom")])).toEqual({
      jobTitle: ["Head of Research", "- Noor Haddad — Head of Research | Leeds, United Kingdom"],
      city: ["Leeds", "- Noor Haddad — Head of Research | Leeds, United Kingdom"],
      country: ["United Kingdom", "- Noor Haddad — Head of Research | Leeds, United Kingdom"],
    });
    expect(fields([card("Noor Haddad, Co-Founder & CTO — GitHub: noorh")]).jobTitle).toEqual([
      "Co-Founder & CTO",
      "Noor Haddad, Co-Founder & CTO — GitHub: noorh",
    ]);
  });

  it("reads a card of lines, and a profile whose name heads the page, quoting the lines verbatim", () => {
    expect(
      fields([card("Omar Ruiz\nEngineer\n\nNoor Haddad\nHead of Research\nAcme Surveys\nLeeds, United Kingdom")]),
    ).toEqual({
      jobTitle: ["Head of Research", "Noor Haddad\nHead of Research"],
      city: ["Leeds", "Noor Haddad\nHead of Research\nAcme Surveys\nLeeds, United Kingdom"],
      country: ["United Kingdom", "Noor Haddad\nHead of Research\nAcme Surveys\nLeeds, United Kingdom"],
    });
    expect(
      fields([card("Noor Haddad\n\nHead of Research\n\nNoor has run field studies on four continents.")]).jobTitle,
    ).toEqual(["Head of Research", "Noor Haddad\n\nHead of Research"]);
  });

  it("reads a sentence that names the person with a title and a start", () => {
    expect(fields([card("Noor Haddad is our Head of Research. She lives by the sea.")])).toEqual({
      jobTitle: ["Head of Research", "Noor Haddad is our Head of Research."],
    });
    // The title someone joined as may have changed since; the start stands.
    expect(fields([card("Noor Haddad joined Acme Surveys in March 2021 as Research Lead.")])).toEqual({
      jobStartDate: ["2021-03", "Noor Haddad joined Acme Surveys in March 2021 as Research Lead."],
    });
  });

  it("leaves the company's name out of a title stated in a sentence", () => {
    expect(fields([card("Noor Haddad is the Chief Data Officer of Acme Surveys.")]).jobTitle?.[0]).toBe(
      "Chief Data Officer",
    );
  });

  it("takes no title of a role that ended, nor of a card that is not a title", () => {
    expect(fields([card("Noor Haddad — Head of Research — 2019 - 2022")])).toEqual({});
    expect(fields([card("Noor Haddad, former Head of Research")])).toEqual({});
    expect(fields([card("Noor Haddad\nAcme Surveys\nLeeds, United Kingdom")])).toEqual({});
  });

  it("by first name alone, reads the card when it is the only one of that name, none when two people share it", () => {
    expect(fields([card("- Noor Haddad, Head of Research")], firstNameOnly).jobTitle?.[0]).toBe("Head of Research");
    expect(fields([card("- Noor Haddad, Head of Research\n- Noor Amari, Designer")], firstNameOnly)).toEqual({});
  });
});
