import { describe, expect, it } from "vitest";
import { type CardPassage, fullNameFromCards, personFieldsFromCards } from "./person-from-cards.js";
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

  it("reads the card that writes a middle name the caller left out", () => {
    const line = "- Noor Amal Haddad — Head of Research | Leeds, United Kingdom";
    expect(fields([card(line)]).jobTitle).toEqual(["Head of Research", line]);
    expect(fields([card("Noor A. Haddad is our Head of Research.")]).jobTitle?.[0]).toBe("Head of Research");
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

  it("takes the whole title set apart by dashes or a table's bars, commas and all", () => {
    expect(fields([card("Noor Haddad — Manager, Financial Planning & Analysis — Leeds, United Kingdom")])).toEqual({
      jobTitle: [
        "Manager, Financial Planning & Analysis",
        "Noor Haddad — Manager, Financial Planning & Analysis — Leeds, United Kingdom",
      ],
      city: ["Leeds", "Noor Haddad — Manager, Financial Planning & Analysis — Leeds, United Kingdom"],
      country: ["United Kingdom", "Noor Haddad — Manager, Financial Planning & Analysis — Leeds, United Kingdom"],
    });
    const table =
      "Name | Role | Location\nOmar Ruiz | Engineer | Spain\nNoor Haddad | Co-Founder, CEO | Germany | May 2nd, 2021";
    expect(fields([card(table)])).toEqual({
      jobTitle: ["Co-Founder, CEO", "Noor Haddad | Co-Founder, CEO | Germany | May 2nd, 2021"],
      country: ["Germany", "Noor Haddad | Co-Founder, CEO | Germany | May 2nd, 2021"],
    });
  });

  it("with commas alone, keeps the parts after the name that are titles, and reads the place after them", () => {
    expect(fields([card("- Noor Haddad, Board Director, Chair\n- Omar Ruiz, Board Director")]).jobTitle?.[0]).toBe(
      "Board Director, Chair",
    );
    expect(fields([card("Noor Haddad, Head of Research, Leeds, United Kingdom")])).toMatchObject({
      jobTitle: ["Head of Research", "Noor Haddad, Head of Research, Leeds, United Kingdom"],
      city: ["Leeds", "Noor Haddad, Head of Research, Leeds, United Kingdom"],
    });
  });

  it("reads the place or the flag on the line under the card's name, and no sentence after it", () => {
    expect(
      fields([card("Noor Haddad — Head of Research\n\nTralee, County Kerry, Ireland\n\nNoor hails from Kerry.")]),
    ).toEqual({
      jobTitle: ["Head of Research", "Noor Haddad — Head of Research"],
      city: ["Tralee", "Noor Haddad — Head of Research\n\nTralee, County Kerry, Ireland"],
      country: ["Ireland", "Noor Haddad — Head of Research\n\nTralee, County Kerry, Ireland"],
    });
    expect(fields([card("Noor Haddad, Software Engineer — GitHub: noorh\n\n🇪🇪\n\nI grew up in Tartu.")])).toEqual({
      jobTitle: ["Software Engineer", "Noor Haddad, Software Engineer — GitHub: noorh"],
      country: ["Estonia", "Noor Haddad, Software Engineer — GitHub: noorh\n\n🇪🇪"],
    });
    expect(fields([card("Noor Haddad, Designer — 🇺🇸")]).country?.[0]).toBe("United States");
    expect(fields([card("Noor Haddad — Designer\n\nShe moved here from Leeds, United Kingdom.")])).toEqual({
      jobTitle: ["Designer", "Noor Haddad — Designer"],
    });
  });

  it("reads a title set beside the name: an apposition naming the company, a byline, our title before the name", () => {
    expect(fields([card("Watch this video from Noor Haddad, CEO of Acme Surveys. Enjoy!")]).jobTitle).toEqual([
      "CEO",
      "Noor Haddad, CEO of Acme Surveys.",
    ]);
    expect(fields([card("March 2, 2022 · Noor Haddad (Head of Research) Guides · Surveys")]).jobTitle?.[0]).toBe(
      "Head of Research",
    );
    expect(fields([card("May 1, 2021 · Noor Haddad (Co-founder/CEO of Acme Surveys) Diaries")]).jobTitle?.[0]).toBe(
      "Co-founder/CEO",
    );
    expect(fields([card("Selected interviews with our founder and CEO, Noor Haddad:")]).jobTitle?.[0]).toBe(
      "founder and CEO",
    );
  });

  it("takes no title beside the name that is another company's or has ended", () => {
    expect(fields([card("We met Noor Haddad, CEO of Globex, at the fair.")])).toEqual({});
    expect(fields([card("A post by Noor Haddad (former CTO) on surveys.")])).toEqual({});
    expect(fields([card("A post by Noor Haddad (Globex) on surveys.")])).toEqual({});
    expect(fields([card("Ask our CEO, Omar Ruiz, or Noor Haddad.")])).toEqual({});
    expect(fields([card("Noor Haddad is an Engineering Fellow at Globex. She chairs our board.")])).toEqual({});
    expect(fields([card("Noor Haddad is a community builder and an advocate for open data.")])).toEqual({});
  });

  it("reads a board's roles as titles", () => {
    expect(fields([card("Noor Haddad — Board Member\n\nOmar Ruiz — Observer")]).jobTitle?.[0]).toBe("Board Member");
    expect(fields([card("Omar Ruiz — Board Member\n\nNoor Haddad — Observer")]).jobTitle?.[0]).toBe("Observer");
  });

  it("by first name alone, reads a card whose name has initials and particles, and gives the full name it writes", () => {
    const cards = [card("Noor K. al Haddad — Board Member\n\nNoor runs field studies.")];
    expect(fields(cards, firstNameOnly).jobTitle?.[0]).toBe("Board Member");
    expect(fullNameFromCards(cards, firstNameOnly)).toBe("Noor K. al Haddad");
    expect(fullNameFromCards([card("- Noor Haddad, Designer\n- Noor Amari, Engineer")], firstNameOnly)).toBeNull();
  });

  it("keeps no start of a title the person has left: joined as one title, their card gives another", () => {
    const joined = "Noor Haddad joined Acme Surveys as VP Engineering in April 2021.";
    expect(fields([card(`Noor Haddad — Chief Technology Officer\n\n${joined}`)])).toEqual({
      jobTitle: ["Chief Technology Officer", "Noor Haddad — Chief Technology Officer"],
    });
    expect(fields([card(`Noor Haddad — VP Engineering\n\n${joined}`)]).jobStartDate?.[0]).toBe("2021-04");
  });
});
