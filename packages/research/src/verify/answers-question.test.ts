import type { AnswerValue, ResponseType } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import type { PersonIdentity } from "../plan/plan-research.js";
import { answerKindOf, fieldKindOf } from "./answer-kind.js";
import {
  type AnsweringQuote,
  answersQuestion,
  canonicalTerms,
  narrowAnswer,
  withInitialsBefore,
} from "./answers-question.js";
import { numberMentions, scaledAmountOf } from "./number-mentions.js";

const SUBJECT = ["Example Labs", "example.org"];

function check(
  question: string,
  type: ResponseType,
  value: AnswerValue,
  quote: string,
  more: Partial<AnsweringQuote> & { person?: PersonIdentity } = {},
) {
  const { person = null, ...evidence } = more;
  return answersQuestion(
    { question, type, kind: answerKindOf(question, type), value, subjectTerms: SUBJECT, person },
    { quote, passageText: evidence.passageText ?? quote, url: "https://example.org/about", links: [], ...evidence },
  );
}

const holds = (result: ReturnType<typeof check>) => result.holds;
const reason = (result: ReturnType<typeof check>) => (result.holds ? "" : result.reason);

describe("a question about a name", () => {
  it("is answered by a quote that speaks of the name, not by a heading that holds it", () => {
    const why = "Why is it called Example Labs?";
    expect(
      reason(
        check(
          why,
          "TEXT",
          "Invite Example Labs to speak at your meetup",
          "Invite Example Labs to speak at your meetup",
        ),
      ),
    ).toBe("the quote says nothing of the name");
    expect(
      holds(
        check(
          why,
          "TEXT",
          "after the street of its first lab",
          "Our name is short for the street of our first lab, Example Street.",
        ),
      ),
    ).toBe(true);
    const origin = "What does the name Example Labs mean?";
    expect(
      holds(
        check(
          origin,
          "TEXT",
          "Example Street",
          "The company was named after Example Street, where its first lab stood.",
        ),
      ),
    ).toBe(true);
    expect(holds(check(origin, "TEXT", "Example Street", "Example Labs opened its first lab on Example Street."))).toBe(
      false,
    );
  });
});

describe("the kind of answer a question asks for", () => {
  it.each([
    ["How many employees does Example Labs have?", "NUMBER", "count"],
    ["How much did they raise in their seed round?", "NUMBER", "money"],
    ["What share of revenue comes from Europe, in percent?", "NUMBER", "percentage"],
    ["How long is the free trial?", "NUMBER", "duration"],
    ["In what year was it founded?", "NUMBER", "year"],
    ["When was it founded?", "DATE", "year"],
    ["What is the company's VAT ID?", "TEXT", "identifier"],
    ["What is the support e-mail address?", "TEXT", "email"],
    ["What is the full name of the person with this e-mail address?", "TEXT", "person"],
    ["In which city is the business address?", "TEXT", "city"],
    ["Which country is she in?", "TEXT", "country"],
    ["Who is the CTO?", "TEXT", "person"],
    ["Which company acquired them?", "TEXT", "organisation"],
    ["Who are the company's investors?", "TEXT", "organisation"],
    ["What is her current role?", "TEXT", "title"],
    ["What does Example Labs make?", "TEXT", "text"],
    ["What kind of legal entity is the foundation?", "TEXT", "text"],
    ["Is it SOC 2 certified?", "BOOL", "yes-no"],
    ["How big is the Example Labs team these days?", "NUMBER", "count"],
  ] as const)("%s (%s) asks for a %s", (question, type, kind) => {
    expect(answerKindOf(question, type)).toBe(kind);
  });

  it("reads an outputSchema field's kind from its name, type and description", () => {
    expect(fieldKindOf({ path: "employeeCount", type: "integer" })).toBe("count");
    expect(fieldKindOf({ path: "foundedYear", type: "integer" })).toBe("year");
    expect(fieldKindOf({ path: "hq.city", type: "string" })).toBe("city");
    expect(fieldKindOf({ path: "contact", type: "string", format: "email" })).toBe("email");
    expect(fieldKindOf({ path: "summary", type: "string" })).toBeNull();
  });
});

describe("numbers as a page writes them", () => {
  it("tells a number inside a name or a code from one standing alone", () => {
    const inside = (text: string) => numberMentions(text).map((mention) => [mention.value, mention.insideToken]);
    expect(inside("We partner with 42Crunch")).toEqual([[42, true]]);
    expect(inside("a 501(c)(3) nonprofit")[0]).toEqual([501, true]);
    expect(inside("a team of 42 people")).toEqual([[42, false]]);
    // A word joined by a hyphen makes a code; a time word so joined, a date.
    expect(inside("the http-01 challenge")).toEqual([[1, true]]);
    expect(inside("since mid-2020")).toEqual([[2020, false]]);
    expect(inside("a 24-hour window")[0]).toEqual([24, false]);
  });

  it("gives the amount a scaled figure states when only its figure was read", () => {
    expect(scaledAmountOf("Example Labs closed a $2.4M seed round.", 2.4)).toBe(2_400_000);
    expect(scaledAmountOf("The new system cuts costs by 3.6 million dollars.", 3.6)).toBe(3_600_000);
    // A count is not scaled back: "3" out of "up to 3 million events" is a reader's slip.
    expect(scaledAmountOf("Up to 3 million events per month.", 3)).toBeNull();
    // The figure itself is stated, or two scaled mentions share it: nothing to scale.
    expect(scaledAmountOf("Plans from $2.4 a day; we raised $2.4M.", 2.4)).toBeNull();
    expect(scaledAmountOf("$2M in 2021 and $2M in 2023.", 2)).toBeNull();
  });

  it("reads scales and currencies", () => {
    const [first] = numberMentions("We raised $1.5M from angels");
    expect(first).toMatchObject({ value: 1_500_000, currency: true, scaled: true });
    expect(numberMentions("13 million users")[0]).toMatchObject({ value: 13_000_000, scaled: true });
  });
});

describe("a quote that states the answer must answer the question", () => {
  it("refuses a number read out of another token", () => {
    expect(
      reason(check("How many employees does it have?", "NUMBER", 3, "Our team works closely with 3M on sensors.")),
    ).toMatch(/as written/);
    expect(
      holds(check("How many employees does it have?", "NUMBER", 42, "We are a team of 42 people in Berlin.")),
    ).toBe(true);
  });

  it("refuses a year read as an amount or a count", () => {
    expect(reason(check("How much did they raise?", "NUMBER", 2021, "In 2021 we raised our seed round."))).toMatch(
      /is a year/,
    );
    expect(holds(check("How much did they raise?", "NUMBER", 4_000_000, "In 2021 we raised a $4M seed round."))).toBe(
      true,
    );
    expect(holds(check("How many board seats are there?", "NUMBER", 2025, "The board was elected in 2025."))).toBe(
      false,
    );
  });

  it("does not take a figure from a clause that guesses", () => {
    const quote = "Elsewhere we would have had a $9M valuation; in the end we raised at $20M.";
    expect(
      reason(check("At what valuation did Example Labs raise, in US dollars?", "NUMBER", 9_000_000, quote)),
    ).toMatch(/does not state 9000000 as an amount|as an amount of money/);
    expect(holds(check("At what valuation did Example Labs raise, in US dollars?", "NUMBER", 20_000_000, quote))).toBe(
      true,
    );
  });

  it("wants a count next to what it counts", () => {
    expect(holds(check("How many employees does it have?", "NUMBER", 5, "We are a small team of five."))).toBe(true);
    expect(holds(check("How many employees does it have?", "NUMBER", 12, "Our office has 12 meeting rooms."))).toBe(
      false,
    );
  });

  it("wants an answer of the kind asked", () => {
    expect(
      holds(check("What is the VAT ID?", "TEXT", "Example Labs GmbH", "Example Labs GmbH, VAT ID DE123456789")),
    ).toBe(false);
    expect(holds(check("What is the VAT ID?", "TEXT", "DE123456789", "Example Labs GmbH, VAT ID DE123456789"))).toBe(
      true,
    );
    expect(holds(check("Which country is she in?", "TEXT", "Maria Lopez", "Maria Lopez and Ana work in Spain."))).toBe(
      false,
    );
    expect(holds(check("What is the support e-mail?", "TEXT", "Support team", "Write to the Support team."))).toBe(
      false,
    );
  });

  it("refuses a label or the subject's own name as a person", () => {
    const quote = "Organization name: Example Labs";
    expect(reason(check("Who is the CEO of Example Labs?", "TEXT", "Organization name: Example Labs", quote))).toMatch(
      /not a person's name/,
    );
    expect(reason(check("Who is the CEO of Example Labs?", "TEXT", "Example Labs", quote))).toMatch(
      /names the subject/,
    );
    expect(
      holds(check("Who is the CEO of Example Labs?", "TEXT", "Ada Park", "Ada Park is the CEO of Example Labs.")),
    ).toBe(true);
  });

  it("wants a name field to hold a name, not the start of a sentence", () => {
    const description = "Name of the round, such as Seed or Series A";
    const kind = fieldKindOf({ path: "funding.round", type: "string", description });
    expect(kind).toBe("name");
    expect(fieldKindOf({ path: "legalName", type: "string", description: "The legal name, with its legal form" })).toBe(
      "organisation",
    );
    const quote = "BOSTON, March 14, 2023 — Example Labs today announced an $85 million Series C round.";
    const ask = (value: string) =>
      answersQuestion(
        { question: description, type: "TEXT", kind: "name", value, subjectTerms: SUBJECT, person: null },
        { quote, passageText: quote, url: "https://example.org/news", links: [] },
      ).holds;
    expect(ask("BOSTON, March 14, 2023 — Example Labs today announced an $85 million")).toBe(false);
    expect(ask("Series C")).toBe(true);
  });

  it("wants an address answer to be the address of what is asked", () => {
    const home = "https://example.org/";
    expect(
      reason(
        check("What is the URL of Example Labs' careers page?", "URL", home, "Organization url: https://example.org", {
          url: home,
        }),
      ),
    ).toMatch(/does not speak of career/);
    expect(
      holds(
        check(
          "What is the URL of Example Labs' careers page?",
          "URL",
          "https://example.org/careers",
          "See open roles at https://example.org/careers",
          { url: home },
        ),
      ),
    ).toBe(true);
  });

  it("gives a name back the initials a sentence splitter cut off before it", () => {
    const passageText = "In 2019 the U.K. Open Data Office and Example Labs worked together.";
    const quote = "Open Data Office and Example Labs worked together.";
    expect(withInitialsBefore("Open Data Office", { quote, passageText })).toBe("U.K. Open Data Office");
    expect(withInitialsBefore("Example Labs", { quote: "Example Labs worked together.", passageText })).toBe(
      "Example Labs",
    );
  });

  it("refuses a text answer cut off in the middle of a phrase", () => {
    const quote = "Penetration tests are performed twice a year by an independent firm.";
    expect(
      reason(
        check(
          "Who performs Example Labs' penetration tests?",
          "TEXT",
          "Penetration tests are performed twice a year by an",
          quote,
        ),
      ),
    ).toMatch(/stops in the middle/);
  });

  it("narrows a sentence to the frequency a how-often question asks", () => {
    const quote = "Testing Penetration tests are performed twice a year by an independent firm.";
    const asked = {
      question: "How often does Example Labs have penetration tests performed?",
      type: "TEXT" as const,
      kind: answerKindOf("How often does Example Labs have penetration tests performed?", "TEXT"),
      value: "Testing Penetration tests are performed twice a year by an",
      subjectTerms: SUBJECT,
      person: null,
    };
    expect(narrowAnswer(asked, { quote, passageText: quote })).toBe("twice a year");
    expect(narrowAnswer({ ...asked, value: "Every quarter" }, { quote, passageText: quote })).toBeNull();
    // Asked how long and how often, the answer keeps both.
    const both = "How long is the paid sabbatical at Example Labs, and how often?";
    const leave = "Every three years, employees may take a 6-week paid sabbatical.";
    expect(
      narrowAnswer(
        { ...asked, question: both, kind: answerKindOf(both, "TEXT"), value: "6 weeks every three years" },
        { quote: leave, passageText: leave },
      ),
    ).toBeNull();
  });

  it("keeps a person's name of five words whole", () => {
    const question = "Who chairs Example Labs' board?";
    const card = "Marta J. Quell de Vries Chair";
    expect(
      narrowAnswer(
        {
          question,
          type: "TEXT",
          kind: answerKindOf(question, "TEXT"),
          value: "Marta J. Quell de Vries",
          subjectTerms: SUBJECT,
          person: null,
        },
        { quote: card, passageText: card },
      ),
    ).toBeNull();
  });

  it("takes a URL answer from the quote or a link in it, the page's own address only when a page is asked for", () => {
    const page = "https://example.org/blog/moving-on";
    const links = [{ url: "https://code.example.net/labs", text: "our new forge" }];
    const ask = (question: string, value: string) =>
      holds(check(question, "URL", value, "We moved the code to our new forge last spring.", { url: page, links }));
    expect(ask("Where is the source code hosted?", page)).toBe(false);
    expect(ask("Where is the source code hosted?", "https://code.example.net/labs")).toBe(true);
    expect(ask("Which blog post announced the move?", page)).toBe(true);
  });

  it("wants a person's quote to name them, or to follow a sentence that does", () => {
    const person: PersonIdentity = {
      fullName: "Jane Doe",
      firstName: "Jane",
      title: null,
      companyName: "Example Labs",
      companyHosts: ["example.org"],
    };
    const passageText = "Jane Doe leads design. She joined in 2019 from a studio. Contact Max Roe for press requests.";
    const ask = (quote: string) =>
      holds(check("When did Jane Doe join?", "DATE", "2019", quote, { person, passageText }));
    expect(ask("She joined in 2019 from a studio.")).toBe(true);
    expect(
      holds(
        check("Where is Jane Doe based?", "TEXT", "Max Roe", "Contact Max Roe for press requests.", {
          person,
          passageText,
        }),
      ),
    ).toBe(false);
  });

  it("wants a yes or no to be the subject's, not a partner's", () => {
    const quote = "Our partner Acme Cloud is SOC 2 certified.";
    expect(reason(check("Is Example Labs SOC 2 certified?", "BOOL", true, quote))).toMatch(/another organisation/);
    expect(holds(check("Is Example Labs SOC 2 certified?", "BOOL", true, "Example Labs is SOC 2 certified."))).toBe(
      true,
    );
  });

  it("answers from the row whose label is what is asked", () => {
    expect(canonicalTerms("Chief Technology Officer")).toBe("cto");
    const team = "Jane Doe, Chief Marketing Officer";
    expect(holds(check("Who is the CTO?", "TEXT", "Jane Doe", team))).toBe(false);
    expect(holds(check("Who is the CTO?", "TEXT", "Max Roe", "Max Roe, Chief Technology Officer"))).toBe(true);
  });

  it("reads a table row's answer from the column whose header is asked", () => {
    const passageText = "Name | Date added | Founded\nExample Labs | 2018-11-13 | 1976";
    const quote = "Example Labs | 2018-11-13 | 1976";
    expect(holds(check("When was Example Labs founded?", "DATE", "1976", quote, { passageText }))).toBe(true);
    expect(reason(check("When was Example Labs founded?", "DATE", "2018", quote, { passageText }))).toMatch(
      /under "Date added", not under "Founded"/,
    );
  });

  it("takes the cell asked from a row the answer copied only the start of", () => {
    const passageText =
      "Symbol | Name | Sector | Headquarters location\nEXL | Example Labs | Industrials | Lisbon, Portugal";
    const quote = "EXL | Example Labs | Industrials | Lisbon, Portugal";
    const asked = (question: string, value: string) => ({
      question,
      type: "TEXT" as const,
      kind: answerKindOf(question, "TEXT"),
      value,
      subjectTerms: SUBJECT,
      person: null,
    });
    const cut = "EXL | Example Labs | Industrials | Lisbon,";
    expect(narrowAnswer(asked("Where is Example Labs headquartered?", cut), { quote, passageText })).toBe(
      "Lisbon, Portugal",
    );
    expect(narrowAnswer(asked("In which country is Example Labs headquartered?", cut), { quote, passageText })).toBe(
      "Portugal",
    );
  });

  it("wants the quote to speak of what is asked", () => {
    expect(
      holds(check("When did Example Labs open its Tokyo office?", "DATE", "2015", "Example Labs was founded in 2015.")),
    ).toBe(false);
  });
});

describe("the answering span and its limits", () => {
  const ask = (question: string, type: ResponseType, value: AnswerValue, quote: string, passageText = quote) =>
    answersQuestion(
      { question, type, kind: answerKindOf(question, type), value, subjectTerms: SUBJECT, person: null },
      { quote, passageText, url: "https://example.org/board", links: [] },
    );

  it("asks an end of a range's end, a start of its start", () => {
    const quote = "Ada Park — Executive Director — 2021-03-01 - 2024-06-30";
    expect(ask("When did Ada Park's term as Executive Director end?", "DATE", "2021", quote).holds).toBe(false);
    expect(ask("When did Ada Park's term as Executive Director end?", "DATE", "2024-06-30", quote).holds).toBe(true);
  });

  it("tells Series A from Series B", () => {
    const quote = "We raised a $15m Series B led by Example Capital.";
    const result = ask("Which investor led the Series A?", "OPTION", "Example Capital", quote);
    expect(result.holds ? "" : result.reason).toMatch(/series a/);
  });

  it("refuses a question on the page as a statement", () => {
    expect(ask("Does Example Labs offer apprenticeships?", "BOOL", true, "Do you offer apprenticeships?").holds).toBe(
      false,
    );
  });

  it("narrows a copied sentence to the one name near what is asked, or to none", () => {
    const narrow = (question: string, value: string, quote: string) =>
      narrowAnswer(
        { question, type: "TEXT", kind: answerKindOf(question, "TEXT"), value, subjectTerms: SUBJECT, person: null },
        { quote, passageText: quote },
      );
    const led = "BOSTON, March 14, 2023 — Example Labs announced a Series C round led by Granite Peak Ventures.";
    expect(narrow("Which investor led the Series C round?", led, led)).toBe("Granite Peak Ventures");
    const many = "Teams like Acme, Globex and Initech have been running it for years.";
    expect(narrow("Which analytics product do they use?", many, many)).toBeNull();
    const card = "Mira Lind — Compliance Manager — Graz, Austria";
    expect(narrow("Which city is Mira based in?", card, card)).toBe("Graz");
    expect(narrow("Which country is Mira based in?", card, card)).toBe("Austria");
  });
});

describe("whose statement it is", () => {
  const ask = (
    question: string,
    type: ResponseType,
    value: AnswerValue,
    quote: string,
    more: Partial<AnsweringQuote> = {},
  ) =>
    answersQuestion(
      { question, type, kind: answerKindOf(question, type), value, subjectTerms: SUBJECT, person: null },
      { quote, passageText: quote, url: "https://example.org/", links: [], ...more },
    );

  it("refuses what is said only of customers", () => {
    const quote = "This makes Example Labs the right choice for customers who have SOC 2 obligations themselves.";
    expect(ask("Is Example Labs SOC 2 certified?", "BOOL", true, quote).holds).toBe(false);
    const ours = "We sign a data processing agreement under the GDPR with every customer.";
    expect(ask("Does Example Labs sign a GDPR data processing agreement?", "BOOL", true, ours).holds).toBe(true);
  });

  it("does not take a logo's link home as the page asked for", () => {
    const links = [{ url: "https://example.org/", text: "Example Labs" }];
    const quote = "Organization name: Example Labs";
    expect(
      ask("On which page can I subscribe to Example Labs Pro?", "URL", "https://example.org/", quote, { links }).holds,
    ).toBe(false);
  });
});

describe("an option a glossary defines", () => {
  it("is not the subject's: 'AL3 (Assurance Level Three) is the highest level' says what AL3 is", () => {
    const question = "Which assurance level does Example Labs meet?";
    expect(
      reason(
        check(
          question,
          "OPTION",
          "AL3",
          "AL3 (Assurance Level Three) is the highest level, equal to an in-person check.",
        ),
      ),
    ).toBe("the quote says what AL3 is; it does not say it of the subject");
    expect(
      holds(check(question, "OPTION", "AL2", "Example Labs meets AL2 (Assurance Level Two) for every account.")),
    ).toBe(true);
    // An option given with its own gloss is defined the same way.
    const level = "QTS (qualified time stamp)";
    const glossary = "A QTS (Qualified Time Stamp) provides proof that data existed at a given time.";
    expect(holds(check("Which trust service does Example Labs offer?", "OPTION", level, glossary))).toBe(false);
    // A plan's name leading a sentence on the subject's own pricing page is no glossary's line.
    expect(
      holds(check("Which plan includes SSO?", "OPTION", "Business", "Business is the cheapest plan with SSO.")),
    ).toBe(true);
  });
});

describe("a handle's label", () => {
  it("is no organisation the person worked at: 'GitHub: adalind' on a card", () => {
    const person: PersonIdentity = {
      fullName: "Ada Lind",
      firstName: "Ada",
      title: null,
      companyName: "Example Labs",
      companyHosts: ["example.org"],
    };
    const before = "Where did Ada Lind work before Example Labs?";
    expect(reason(check(before, "TEXT", "GitHub", "Ada Lind, Software Engineer — GitHub: adalind", { person }))).toBe(
      '"GitHub" labels a handle in the quote rather than giving a value',
    );
    expect(
      holds(
        check(before, "TEXT", "GitHub", "Before Example Labs, Ada Lind worked at GitHub for six years.", { person }),
      ),
    ).toBe(true);
    // A vendor's name before what it does for the company labels no handle.
    const vendor = "Which company processes Example Labs' payments?";
    expect(holds(check(vendor, "TEXT", "Stripe", "Stripe: payment processing for subscriptions."))).toBe(true);
  });
});

describe("narrowing to the place or the title asked", () => {
  const person: PersonIdentity = {
    fullName: "Ali Rahimi",
    firstName: "Ali",
    title: null,
    companyName: "Example Labs",
    companyHosts: ["example.org"],
  };
  const narrow = (question: string, value: string, withPerson = false) =>
    narrowAnswer(
      {
        question,
        type: "TEXT",
        kind: answerKindOf(question, "TEXT"),
        value,
        subjectTerms: SUBJECT,
        person: withPerson ? person : null,
      },
      { quote: value, passageText: value },
    );

  it("takes the place the question's words lead to", () => {
    expect(narrow("Where is she based?", "We lived in Lisbon, Portugal and now we are based in Nairobi, Kenya.")).toBe(
      "Nairobi",
    );
  });

  it("takes a title beside the name only when it is a title at the subject", () => {
    expect(narrow("What is Ali Rahimi's role?", "A talk by Ali Rahimi, CEO of Example Labs.", true)).toBe("CEO");
    expect(
      narrow("What is Ali Rahimi's role?", "Ali Rahimi, Managing Partner at Other Fund, joins the board.", true),
    ).toBeNull();
  });

  it("keeps the department a title is of, and drops only the organisation it is at", () => {
    expect(narrow("What is Ali Rahimi's job title?", "Ali Rahimi, Director of Growth at Example Labs", true)).toBe(
      "Director of Growth",
    );
    expect(narrow("What is Ali Rahimi's job title?", "Ali Rahimi, Head of Developer Relations", true)).toBe(
      "Head of Developer Relations",
    );
    expect(narrow("What is Ali Rahimi's job title?", "Ali Rahimi, Director of Growth at Other Corp", true)).toBeNull();
  });
});

describe("answers that only look like one", () => {
  const person: PersonIdentity = {
    fullName: "Noor Haddad",
    firstName: "Noor",
    title: null,
    companyName: "Example Labs",
    companyHosts: ["example.org"],
  };

  it("reads spelled-out identifiers and 'the X number' as identifiers", () => {
    expect(answerKindOf("What is the D-U-N-S number of Example Labs, Inc.?", "TEXT")).toBe("identifier");
    expect(answerKindOf("What is the company's FEI number?", "TEXT")).toBe("identifier");
    expect(answerKindOf("What is the phone number of the office?", "TEXT")).toBe("phone");
    expect(answerKindOf("What is the number of employees?", "TEXT")).not.toBe("identifier");
    const quote = "Legal entity: Example Labs, Inc.";
    expect(
      reason(check("What is the D-U-N-S number of Example Labs, Inc.?", "TEXT", "Example Labs, Inc.", quote)),
    ).toMatch(/not an identifier/);
  });

  it("refuses what another person says of themselves, and keeps what the person says of themselves", () => {
    const based = "Is Noor based in the UK?";
    const team = "Noor Haddad, Product Engineer. Hi, I'm Ingrid, I moved to the UK in 2017 and live in Leeds.";
    expect(
      reason(check(based, "BOOL", true, "Hi, I'm Ingrid, I moved to the UK in 2017", { person, passageText: team })),
    ).toBe("the quote is Ingrid's own words about themselves");
    const own = "Noor Haddad, Product Engineer. Hello, I'm Noor and I moved to the UK in 2019.";
    expect(
      holds(check(based, "BOOL", true, "Hello, I'm Noor and I moved to the UK in 2019.", { person, passageText: own })),
    ).toBe(true);
  });

  it("asks for an employer, not a place, where someone worked before", () => {
    expect(answerKindOf("Where did Noor Haddad work before Example Labs?", "TEXT")).toBe("organisation");
    expect(answerKindOf("Where does Noor work from?", "TEXT")).toBe("city");
  });

  it("takes a place a card names beside the person as where they are", () => {
    const card = "Noor Haddad Head of Design Austin, TX, USA";
    // The person's names are the subject's, as research gives them: they are not what is asked.
    const located = (question: string, value: string) =>
      answersQuestion(
        {
          question,
          type: "TEXT",
          kind: answerKindOf(question, "TEXT", true),
          value,
          subjectTerms: [...SUBJECT, "Noor Haddad"],
          person,
        },
        { quote: card, passageText: card, url: "https://example.org/team", links: [] },
      ).holds;
    expect(located("In what city is Noor Haddad located?", "Austin")).toBe(true);
    expect(located("Where is Noor Haddad based?", "Austin, TX, USA")).toBe(true);
    // Of a company, a place without "in" or an address is not where it is.
    expect(holds(check("Where is Example Labs based?", "TEXT", "Austin", "Austin Motors sponsors Example Labs"))).toBe(
      false,
    );
  });

  it("takes the place a quote leads to with its region, written as the quote writes it", () => {
    const quote = "We're headquartered in Ann Arbor, Michigan";
    expect(holds(check("Where is Example Labs headquartered?", "TEXT", "Ann Arbor, Michigan", quote))).toBe(true);
    expect(reason(check("Where is Example Labs headquartered?", "TEXT", "Berlin", `${quote} and Berlin`))).toMatch(
      /places it in Ann Arbor/,
    );
  });

  it("reads a legal form's letters as part of its word: 'OÜ' is no letter O", () => {
    const quote = "Registration number: 55501234";
    expect(holds(check("What is the company registration number of Example Labs OÜ?", "TEXT", "55501234", quote))).toBe(
      true,
    );
  });

  it("asks a role only where the role is what is asked, not what the pay, the e-mail or the data is of", () => {
    expect(answerKindOf("What is Noor's role at Example Labs?", "TEXT")).toBe("title");
    expect(answerKindOf("What hourly pay did Example Labs advertise for its support job?", "TEXT")).not.toBe("title");
    expect(answerKindOf("What e-mail address do job candidates use to reach the talent team?", "TEXT")).toBe("email");
    expect(answerKindOf("How long does Example Labs keep job applicants' data?", "TEXT")).not.toBe("title");
    expect(answerKindOf("At which startup did she have a similar role before?", "TEXT")).toBe("organisation");
    expect(answerKindOf("What does Example Labs' platform do, in a sentence?", "TEXT")).toBe("text");
    expect(answerKindOf("What does Noor do?", "TEXT", true)).toBe("title");
    expect(answerKindOf("What does Example Labs do?", "TEXT", false)).toBe("text");
  });

  it("reads a percentile as a share, and a register by its German name", () => {
    expect(
      holds(
        check(
          "At what percentile of local listings does Example Labs set its rents?",
          "NUMBER",
          60,
          "Our rents are set at the 60th percentile of local listings.",
        ),
      ),
    ).toBe(true);
    expect(
      holds(
        check(
          "What is Example Labs GmbH's commercial register number?",
          "TEXT",
          "HRB 987654",
          "Handelsregister: HRB 987654 (Amtsgericht Musterstadt)",
        ),
      ),
    ).toBe(true);
  });

  it("takes a name with its legal form, or an imprint, as the legal entity", () => {
    const imprint = "Imprint Example Insights GmbH Hauptstraße 5 10115 Musterstadt Germany";
    expect(
      holds(check("What is the legal entity behind Example Labs?", "TEXT", "Example Insights GmbH", imprint)),
    ).toBe(true);
  });

  it("takes an address or a country of the answer's own, whatever words the question shares with it", () => {
    const quote = "write to the desk at example-fraud-reports@example.org";
    expect(
      holds(check("Where should a customer send fraud reports?", "TEXT", "example-fraud-reports@example.org", quote)),
    ).toBe(true);
    expect(
      holds(
        check(
          "Which country does Example Labs move users' backups to?",
          "TEXT",
          "United States",
          "we move backups, including account records, to servers in United States",
        ),
      ),
    ).toBe(true);
  });

  it("takes the subject's initials as its name, and a party the question asks about as no other party", () => {
    const quote = "EL may build, or sponsor the building of, plugins, but they will all be free of charge.";
    const asked = "Will plugins Example Labs builds or sponsors all be free of charge?";
    expect(holds(check(asked, "BOOL", true, quote))).toBe(true);
    expect(
      reason(check("Is Example Labs open source?", "BOOL", true, "Our sponsors publish open source tools.")),
    ).toMatch(/another organisation/);
  });

  it("takes a yes or a no from another organisation's page only where it names the subject", () => {
    const asked = "Does Example Labs use Other Maps for its store finder?";
    const vendor = "We built Other Maps to show that maps and privacy are not at odds.";
    const url = "https://other.example/about";
    expect(reason(check(asked, "BOOL", false, vendor, { url, ownSite: false }))).toMatch(/another organisation's page/);
    const customers = "Example Labs, Acme and Initech are among the names running it.";
    expect(holds(check(asked, "BOOL", true, customers, { url, ownSite: false }))).toBe(true);
    // On the subject's own site, "we" is the subject.
    expect(
      holds(
        check("Does Example Labs keep IP addresses?", "BOOL", false, "We do not keep IP addresses.", { ownSite: true }),
      ),
    ).toBe(true);
  });

  it("refuses an answer that points to where it is told", () => {
    const line = "- example.org/company for details about Example Labs and its products";
    expect(reason(check("What does Example Labs' product do?", "TEXT", line, line))).toMatch(/points to where/);
    expect(reason(check("What does Example Labs make?", "TEXT", "See our About page", "See our About page"))).toMatch(
      /points to where/,
    );
  });

  it("takes an office or a trade as a title", () => {
    const card = "Noor Haddad Treasurer Partner at Other Systems";
    expect(holds(check("What is Noor Haddad's role at Example Labs?", "TEXT", "Treasurer", card, { person }))).toBe(
      true,
    );
    expect(
      holds(check("What does Noor do?", "TEXT", "Field Technician", "Noor Haddad, Field Technician", { person })),
    ).toBe(true);
  });

  it("takes a country for where someone is based, but not for the city asked", () => {
    const card = "Noor Haddad Data Analyst Portugal March 2nd, 2021";
    expect(holds(check("Where is Noor Haddad based?", "TEXT", "Portugal", card, { person }))).toBe(true);
    expect(reason(check("Which city is Noor Haddad based in?", "TEXT", "Portugal", card, { person }))).toMatch(
      /not a city/,
    );
  });

  it("refuses a place, an employer or a product that is the person asked about", () => {
    const quote = "Noor Haddad — Board Member";
    expect(
      reason(check("Which company does Noor work for?", "TEXT", "Noor Haddad — Board Member", quote, { person })),
    ).toMatch(/names the person asked about, not an organisation/);
    const readme = "Noor Haddad's Notes";
    expect(
      reason(check("Where did Noor Haddad work before Example Labs?", "TEXT", readme, readme, { person })),
    ).toMatch(/names the person asked about/);
    const before = "Prior to Example Labs, Noor was a data engineer at Quarry Systems.";
    expect(
      holds(check("Where did Noor work before she joined Example Labs?", "TEXT", "Quarry Systems", before, { person })),
    ).toBe(true);
  });

  it("refuses a text answer that is the quote's first words cut off mid-sentence", () => {
    const quote =
      "After running a workshop for the regional water board, the team was able to ship the first version of the portal.";
    const copied = "After running a workshop for the regional water board, the team was able";
    expect(reason(check("What is the portal named after?", "TEXT", copied, quote))).toMatch(
      /copies the quote's opening/,
    );
    const clause = "After running a workshop for the regional water board";
    expect(reason(check("What is the portal named after?", "TEXT", clause, quote))).not.toMatch(/copies/);
  });

  it("refuses the owner of the organisation a quote names, in its description", () => {
    const quote = "We raised a $9M Series A round, led by Northwind's VC firm NWV, with participation from others.";
    expect(reason(check("Which firm led Example Labs' Series A?", "TEXT", "Northwind's VC", quote))).toMatch(
      /names the organisation after/,
    );
    expect(holds(check("Which firm led Example Labs' Series A?", "TEXT", "NWV", quote))).toBe(true);
  });

  it("wants a figure's topic in the quote or the sentence before it, not only in the page's title", () => {
    const quote = "Before joining, he worked 3 years full-time on a game engine while in school.";
    const question = "How many years do Example Labs employees get to exercise their stock options?";
    expect(reason(check(question, "NUMBER", 3, quote, { pageTitle: "Team" }))).toMatch(/does not speak of/);
    const window = "Grants vest over 4 years, and options can be exercised for 10 years after leaving.";
    expect(holds(check(question, "NUMBER", 10, window, { pageTitle: "Team" }))).toBe(true);
  });

  it("wants a name where the question asks what a thing is called", () => {
    expect(answerKindOf("What is Example Labs' in-house search index called?", "TEXT")).toBe("name");
    const quote = "Results come from our own web index (internally named Quarry) and a news index.";
    expect(
      reason(
        check(
          "What is Example Labs' in-house search index called?",
          "TEXT",
          "Results come from our own web index",
          quote,
        ),
      ),
    ).toMatch(/not a name/);
  });

  it("refuses a product that only repeats a word of the question", () => {
    const quote = "We are working towards SOC 2, and we monitor compliance via Audito.";
    expect(
      reason(check("Which platform does Example Labs use to monitor its SOC 2 compliance?", "TEXT", "SOC", quote)),
    ).toMatch(/repeats the question/);
  });

  it("refuses a heading that echoes the question with a word more", () => {
    const question = "Which AWS region should Example Labs engineers use when breaking glass into production?";
    const heading = "Breaking glass to debug production";
    expect(reason(check(question, "TEXT", heading, heading))).toMatch(/repeats the question/);
    const quote = "When breaking glass into production, default to the eu-west-2 region.";
    expect(holds(check(question, "TEXT", "eu-west-2", quote))).toBe(true);
  });

  it("asks the person of a question that places them at their company", () => {
    const quote = "You are responsible for keeping your account password safe.";
    expect(
      reason(
        check(
          "What is this person responsible for at their company?",
          "TEXT",
          "keeping your account password safe",
          quote,
          {
            person,
          },
        ),
      ),
    ).toMatch(/does not name Noor Haddad/);
  });

  it("asks the person which company employs them, and what their company does of the company", () => {
    const heading = "Notes from the Example Labs spring meetup";
    expect(
      reason(
        check("Which company does Noor from the Example Labs board work for?", "TEXT", "Notes", heading, {
          person,
        }),
      ),
    ).toMatch(/does not name Noor Haddad/);
    const card = "Noor Haddad, a software engineer with Quillbase, joined the board in 2021.";
    expect(
      holds(
        check("Which company does Noor from the Example Labs board work for?", "TEXT", "Quillbase", card, { person }),
      ),
    ).toBe(true);
    // A question about the company itself is answered by what the company's page says of it.
    const about = "Example Labs builds label printers for warehouses.";
    expect(
      holds(check("What does the company make?", "TEXT", "label printers for warehouses", about, { person })),
    ).toBe(true);
  });

  it("wants a length of time, an amount or a number where the question asks how long, how much or how many", () => {
    const heading = "Becoming an Example Labs reseller";
    expect(
      reason(check("How long does Example Labs take to review a reseller application?", "TEXT", heading, heading)),
    ).toMatch(/states no length of time/);
    const quote = "Reseller applications are reviewed within 1-2 weeks.";
    expect(
      holds(check("How long does Example Labs take to review a reseller application?", "TEXT", "1-2 weeks", quote)),
    ).toBe(true);
  });

  it("wants a span of time where the question asks how quickly or how soon", () => {
    const heading = "Laptop monitoring and privacy";
    const quote = "If anyone needs to read your usage data, you are told within 48 hours of their first look.";
    const question = "How quickly does Example Labs tell staff that someone read their laptop data?";
    expect(reason(check(question, "TEXT", heading, `${heading}. ${quote}`))).toMatch(/states no length of time/);
    expect(holds(check(question, "TEXT", "within 48 hours", quote))).toBe(true);
  });

  it("takes no answer cut off at a comma", () => {
    const quote = "Postal address (for all mail and contracts): 12 Quay Road Suite 400, Harbourton, ZZ 01234";
    const question = "Which postal address should contracts for Example Labs go to?";
    expect(reason(check(question, "TEXT", "12 Quay Road Suite 400,", quote))).toMatch(/stops in the middle/);
    expect(holds(check(question, "TEXT", "12 Quay Road Suite 400, Harbourton, ZZ 01234", quote))).toBe(true);
  });

  it("takes the name of a group, a product or a document for nobody's name", () => {
    const page =
      "Example Labs runs code search for teams. Our user group meets monthly. Marta Quell Chair. Security policies are reviewed each year.";
    const onPage = { pageText: page, passageText: page };
    expect(
      reason(check("Who chairs Example Labs' board?", "TEXT", "Orbit User Group", "Orbit User Group", onPage)),
    ).toMatch(/names a thing, not a person/);
    expect(reason(check("Who leads search at Example Labs?", "TEXT", "Code Search", "Code Search", onPage))).toMatch(
      /names a thing, not a person/,
    );
    expect(holds(check("Who chairs Example Labs' board?", "TEXT", "Marta Quell", "Marta Quell Chair", onPage))).toBe(
      true,
    );
  });

  it("does not take the kind of answer asked for, a service or a platform, for what it is about", () => {
    const question = "Which service sends Example Labs' transactional e-mails?";
    expect(
      reason(
        check(question, "TEXT", "Harbor Mail Inc", "Example Labs is an analytics service provided by Harbor Mail Inc."),
      ),
    ).toMatch(/does not speak of/);
    const tool = "Which HR platform approves time-off requests at Example Labs?";
    expect(
      reason(check(tool, "TEXT", "Quayline", "We use Quayline as our internal platform to track support requests.")),
    ).toMatch(/does not speak of/);
    // The words pages use for the kind count: human resources are "people".
    const people = "You won't need to ask before requesting time off - our people platform Quayline approves it.";
    expect(holds(check(tool, "TEXT", "Quayline", people))).toBe(true);
  });

  it("does not take a page for the repository its source is kept in", () => {
    const question = "Where is the source repository of Example Labs' staff handbook?";
    const page = { url: "https://handbook.example.org/", pageTitle: "Example Labs Handbook" };
    const intro = "The Example Labs Handbook is a work in progress for staff and contributors.";
    expect(reason(check(question, "URL", "https://handbook.example.org/", intro, page))).toMatch(
      /not a code repository/,
    );
    const moved = "The Handbook now lives in its own repository at https://github.com/example-labs/handbook.";
    expect(holds(check(question, "URL", "https://github.com/example-labs/handbook", moved, page))).toBe(true);
  });

  it("takes no list from a quote a search engine cut off", () => {
    const question = "Which investors took part in Example Labs' seed round?";
    const quote = "The seed round was led by Granite Fund, with participation from Quarry Ventures, …";
    expect(reason(check(question, "OPTIONS", ["Granite Fund", "Quarry Ventures"], quote))).toMatch(/cut/);
  });

  it("wants a board's role where the question asks for a position on the board", () => {
    const question = "What position does Noor Haddad hold on the Example Labs board?";
    const person = {
      fullName: "Noor Haddad",
      firstName: "Noor",
      title: null,
      companyName: "Example Labs",
      companyHosts: [],
    };
    const bio = "Noor Haddad is a compiler engineer, a climber, and the founder of Quarry.";
    expect(reason(check(question, "TEXT", "compiler engineer", bio, { person }))).toMatch(/no role on a board/);
    expect(holds(check(question, "TEXT", "Vice Treasurer", "Noor Haddad Vice Treasurer", { person }))).toBe(true);
  });

  it("wants the day where the question asks on what day", () => {
    const quote = "We issued our ten millionth badge on March 3, 2021, three years after 2018's launch.";
    const question = "On what day did Example Labs issue its ten millionth badge?";
    expect(reason(check(question, "DATE", "2018", quote))).toMatch(/the day is asked/);
    expect(holds(check(question, "DATE", "2021-03-03", quote))).toBe(true);
    expect(holds(check("In what year did Example Labs launch badges?", "DATE", "2018", quote))).toBe(true);
  });

  it("counts a duration in the unit asked", () => {
    const quote = "After more than 1 year with us, you receive 2 weeks of pay for each further year of service.";
    const question = "How many weeks of severance does Example Labs pay in the first year?";
    expect(reason(check(question, "NUMBER", 1, quote))).toBe("the quote does not state 1 weeks");
    expect(holds(check(question, "NUMBER", 2, quote))).toBe(true);
  });

  it("does not take the amount raised for a valuation, nor for revenue", () => {
    const quote = "Today we closed a $2.5M seed round led by Granite Fund.";
    expect(reason(check("At what valuation did Example Labs raise its seed round?", "NUMBER", 2_500_000, quote))).toBe(
      "the quote does not speak of a valuation",
    );
    expect(reason(check("What is Example Labs' annual revenue?", "NUMBER", 2_500_000, quote))).toBe(
      "the quote does not speak of revenue",
    );
    const valued = "The seed round valued Example Labs at $20M.";
    expect(holds(check("At what valuation did Example Labs raise its seed round?", "NUMBER", 20_000_000, valued))).toBe(
      true,
    );
  });
});

describe("several places or a role after the name", () => {
  it("refuses the place the question's words do not lead to", () => {
    const quote = "We lived in Lisbon, Portugal for a bit and now we are based in Nairobi, Kenya.";
    const result = answersQuestion(
      {
        question: "Where is she based?",
        type: "TEXT",
        kind: "city",
        value: "Lisbon",
        subjectTerms: SUBJECT,
        person: null,
      },
      { quote, passageText: quote, url: "https://example.org/team/ana", links: [] },
    );
    expect(result.holds ? "" : result.reason).toMatch(/Nairobi/);
  });

  it("refuses a list cut in the middle of a name", () => {
    const quote = "Our advisory board includes Ada Park, Dr.";
    const result = answersQuestion(
      {
        question: "Who sits on the advisory board?",
        type: "OPTIONS",
        kind: "option",
        value: ["Ada Park"],
        subjectTerms: SUBJECT,
        person: null,
      },
      { quote, passageText: quote, url: "https://example.org/about", links: [] },
    );
    expect(result.holds).toBe(false);
  });

  it("takes the role after 'is'", () => {
    const person: PersonIdentity = {
      fullName: "Ada Park",
      firstName: "Ada",
      title: null,
      companyName: "Example Labs",
      companyHosts: ["example.org"],
    };
    const value = "Ada Park is the founder and CEO of Example Labs.";
    expect(
      narrowAnswer(
        { question: "What is Ada Park's role?", type: "TEXT", kind: "title", value, subjectTerms: SUBJECT, person },
        { quote: value, passageText: value },
      ),
    ).toBe("founder and CEO");
  });
});

describe("a quote that names the person but not what is asked of them", () => {
  const person: PersonIdentity = {
    fullName: "Jane Doe",
    firstName: "Jane",
    title: null,
    companyName: "Example Labs",
    companyHosts: ["example.org"],
  };
  // The person's name is among the subject's names, as research passes it.
  const ask = (question: string, type: ResponseType, value: AnswerValue, quote: string, passageText = quote) =>
    answersQuestion(
      { question, type, kind: answerKindOf(question, type), value, subjectTerms: [...SUBJECT, "Jane Doe"], person },
      { quote, passageText, url: "https://example.org/about", links: [] },
    );

  it("does not take a word that only shares a prefix with the question's for it", () => {
    const passageText =
      "… anyone may give a talk on what they're interested in. Previous talks 'Scaling queues' by Max Roe 'Caching 101' by Jane Doe 'Type systems' by Ada Park";
    const quote = "Previous talks 'Scaling queues' by Max Roe 'Caching 101' by Jane Doe 'Type systems' by Ada Park";
    const result = ask(
      "Where did Jane intern before Example Labs?",
      "TEXT",
      "Previous talks 'Scaling queues'",
      quote,
      passageText,
    );
    expect(reason(result)).toBe("the quote does not speak of intern");
    expect(
      holds(
        ask(
          "Where did Jane intern before Example Labs?",
          "TEXT",
          "Acme Robotics",
          "Jane Doe was an intern at Acme Robotics.",
        ),
      ),
    ).toBe(true);
  });

  it("takes a year as when someone started only where the quote ties it to the start", () => {
    const quote =
      "… Summer 2021 cohort, where co-founders Jane Doe (CEO) and Max Roe (CTO) had been working on a different product at the time …";
    const result = ask("When did Jane Doe start working with Max on ideas?", "DATE", "2021", quote);
    expect(reason(result)).toBe("the quote does not tie the date to the start of idea");
    expect(
      holds(
        ask(
          "When did Jane Doe start working with Max on ideas?",
          "DATE",
          "2019",
          "Jane Doe and Max started working on ideas together in 2019.",
        ),
      ),
    ).toBe(true);
    expect(
      holds(ask("When did Jane Doe start at Example Labs?", "DATE", "2019", "Jane Doe, engineer since 2019.")),
    ).toBe(true);
  });
});

describe("the figure the question's words lead to", () => {
  it("refuses a figure of the kind asked where the quote gives another as what is asked", () => {
    const quote = "Today we closed a $1.25M seed round for Example Labs, bringing our total funding to $1.54M.";
    const question = "How much funding has Example Labs raised in total?";
    expect(reason(check(question, "NUMBER", 1_250_000, quote))).toMatch(
      /ties \$1\.54M, not 1250000, to what is asked$/,
    );
    expect(holds(check(question, "NUMBER", 1_540_000, quote))).toBe(true);
    // The round asked for is the figure beside it.
    expect(holds(check("How much did Example Labs raise in its seed round?", "NUMBER", 1_250_000, quote))).toBe(true);
  });

  it("refuses a plain number where the quote ties another to the limit asked", () => {
    const question = "What is Example Labs' Seat Invites per Team limit (invites per day)?";
    const quote = "The 25 new invites a week stay well under our Seat Invites per Team limit of 40 per day.";
    expect(reason(check(question, "NUMBER", 25, quote))).toMatch(/ties 40, not 25, to what is asked$/);
    expect(holds(check(question, "NUMBER", 40, quote))).toBe(true);
    const rank = "A magazine has listed Example Labs as number 42 out of its top 50 startups.";
    expect(holds(check("Where did the magazine rank Example Labs among its top startups?", "NUMBER", 42, rank))).toBe(
      true,
    );
  });

  it("keeps the country a card gives with the city where the question asks where", () => {
    const card = "Ana Lima — Software Engineer — Porto, Portugal";
    const narrowed = narrowAnswer(
      {
        question: "Where is Ana Lima based?",
        type: "TEXT",
        kind: answerKindOf("Where is Ana Lima based?", "TEXT"),
        value: card,
        subjectTerms: SUBJECT,
        person: null,
      },
      { quote: card, passageText: card },
    );
    expect(narrowed).toBe("Porto, Portugal");
    const region = "Ana Lima — Finance Manager — Braga, Minho, Portugal";
    expect(
      narrowAnswer(
        {
          question: "Where does Ana Lima live?",
          type: "TEXT",
          kind: answerKindOf("Where does Ana Lima live?", "TEXT"),
          value: region,
          subjectTerms: SUBJECT,
          person: null,
        },
        { quote: region, passageText: region },
      ),
    ).toBe("Braga, Minho, Portugal");
  });
});

describe("answers a weak reader gives from a sentence that does not say them", () => {
  it("refuses a number read out of a code for the port asked", () => {
    const quote = "If you use the http-01 challenge, serve the response from each of your frontends.";
    expect(reason(check("On which port must the HTTP-01 challenge be served?", "NUMBER", 1, quote))).toMatch(
      /part of a name or a code/,
    );
  });

  it("refuses a yes where the quote says the opposite of the question's word", () => {
    const quote = "Robert joined us part-time while finishing his degree, as the third team member.";
    const question = "Was Robert a full-time hire when he joined Example Labs?";
    expect(reason(check(question, "BOOL", true, quote))).toMatch(/says part-time, not full-time/);
    expect(holds(check(question, "BOOL", false, quote))).toBe(true);
    // Both said: the quote may weigh them; the rule stands aside.
    expect(holds(check(question, "BOOL", true, "Robert joined part-time and went full-time in 2020."))).toBe(true);
    // "unpaid" is not "paid" said.
    expect(reason(check("Is parental leave at Example Labs paid?", "BOOL", true, "Parental leave is unpaid."))).toMatch(
      /says unpaid, not paid/,
    );
  });

  it("refuses a role at another organisation from a passage that does not speak of it", () => {
    const question = "What role did Ada Park hold at Quillbase before Example Labs?";
    expect(reason(check(question, "TEXT", "CEO", "Example Labs via Ada Park, CEO"))).toMatch(
      /does not speak of quillbase/,
    );
    const before = "Ada Park moved to Quillbase, where she was VP of Sales for four years.";
    expect(holds(check(question, "TEXT", "VP of Sales", before))).toBe(true);
    // "At" the subject itself, or at a legal form alone, places nothing elsewhere.
    expect(holds(check("What is Ada Park's role at Example Labs?", "TEXT", "CTO", "Ada Park, CTO"))).toBe(true);
  });

  it("refuses what the quote says of another entity of the subject's name", () => {
    const question = "What is the street address of Example Labs GmbH in its imprint?";
    const quote = "Address: Example Labs Inc, 228 East 45th Street Suite 9E, New York, New York 10017";
    expect(reason(check(question, "TEXT", "228 East 45th Street Suite 9E, New York", quote))).toMatch(
      /speaks of Example Labs Inc, not Example Labs GmbH/,
    );
    const own = "Example Labs GmbH, Mühlenstraße 8a, 14167 Berlin";
    expect(holds(check(question, "TEXT", "Mühlenstraße 8a, 14167 Berlin", own))).toBe(true);
    // A quote that names no form may speak of either.
    expect(
      holds(check(question, "TEXT", "Mühlenstraße 8a, 14167 Berlin", "Example Labs, Mühlenstraße 8a, 14167 Berlin")),
    ).toBe(true);
  });

  it("refuses an amount of money for a street address", () => {
    const quote = "During your first year at Example Labs, you can expense up to $3,000 on a new desk.";
    const answer = "During your first year at Example Labs, you can expense up to $3,000";
    expect(reason(check("What is the street address of Example Labs' headquarters?", "TEXT", answer, quote))).toMatch(
      /not a postal address/,
    );
    const address = "Example Labs, 12 Harbour Street, Leith";
    expect(holds(check("What is the street address of Example Labs' office?", "TEXT", address, address))).toBe(true);
  });

  it("asks for a person where the question asks which engineer, and refuses a date for one", () => {
    const question = "Which engineer joined Example Labs in March 2022?";
    expect(answerKindOf(question, "TEXT")).toBe("person");
    const row = "Ada Park | Software Engineer | Portugal | March 6th, 2022";
    expect(reason(check(question, "TEXT", "March 6th, 2022", row))).toMatch(/not a person's name/);
  });

  it("refuses a country for the organisation asked", () => {
    const quote = "Example Labs is incorporated as a legal entity in Portugal.";
    expect(reason(check("What is the legal entity behind Example Labs?", "TEXT", "Portugal", quote))).toMatch(
      /is a place, not an organisation/,
    );
  });

  it("refuses the first word of a longer name, and keeps a name before its legal form", () => {
    const question = "Under what company name is Example Labs registered with the regulator?";
    const quote = "We are registered with the regulator in the United Kingdom as Harbor Mail Ltd.";
    expect(reason(check(question, "TEXT", "United", quote))).toMatch(/cut from a longer name/);
    expect(holds(check(question, "TEXT", "Harbor Mail Ltd.", quote))).toBe(true);
    const named = "We are registered with the regulator as Quayline Ltd.";
    expect(holds(check(question, "TEXT", "Quayline", named))).toBe(true);
  });

  it("takes no yes from what is still in progress", () => {
    const quote = "We are in the process of obtaining our SOC 2 certification, with an auditor chosen.";
    expect(reason(check("Does Example Labs already hold a SOC 2 certification?", "BOOL", true, quote))).toMatch(
      /future or a draft/,
    );
  });

  it("reads a list's item with the line it is listed under", () => {
    const question = "Does Example Labs accept sponsorship from tobacco companies?";
    const item = "- Tobacco companies and their distributors";
    const refusing = `We refuse sponsorship from the following:\n\n${item}\n- Payday lenders`;
    expect(reason(check(question, "BOOL", true, item, { passageText: item, pageText: refusing }))).toMatch(
      /list of what is refused/,
    );
    const accepting = `We gladly accept sponsorship from:\n${item}`;
    expect(holds(check(question, "BOOL", true, item, { passageText: accepting, pageText: accepting }))).toBe(true);
  });

  it("wants the plan the question names, in the quote or the heading it stands under", () => {
    const question = "What does Example Labs' Enterprise plan cost per month?";
    const other = "- The Standard plan gives ten seats for USD $10 per month + tax.";
    expect(reason(check(question, "NUMBER", 10, other))).toMatch(/does not speak of the enterprise plan/);
    const under = "Enterprise\n- Unlimited seats\nUSD $99 per month, billed yearly";
    expect(holds(check(question, "NUMBER", 99, "USD $99 per month, billed yearly", { passageText: under }))).toBe(true);
    const tier = "How many paying customers did Example Labs have when it introduced its Business tier?";
    expect(
      reason(check(tier, "NUMBER", 3917, "You likely heard of us from one of our 3,917 paying customers.")),
    ).toMatch(/does not speak of the business plan/);
  });

  it("reads what a company charges as money", () => {
    const question = "What does Example Labs charge per TB per month for extra storage?";
    expect(answerKindOf(question, "NUMBER")).toBe("money");
    const quote = "Beyond the first 1TB, storage is billed per 1TB at $21/TB/month.";
    expect(reason(check(question, "NUMBER", 1, quote))).toMatch(/not state 1 as an amount of money/);
    expect(holds(check(question, "NUMBER", 21, quote))).toBe(true);
  });
});

describe("a figure asked of a year", () => {
  it("wants the year in the quote, the passage above it, or the page's title or address", () => {
    const question = "What was Example Labs' total revenue in 2024, in US dollars?";
    const quote = "We've reached $1 million in annual recurring revenue (ARR).";
    expect(reason(check(question, "NUMBER", 1_000_000, quote))).toMatch(/does not say it of 2024/);
    const table = "Our budget for 2024:\nStaffing | $2.06M USD\nRevenue | $1M USD";
    expect(holds(check(question, "NUMBER", 1_000_000, "Revenue | $1M USD", { passageText: table }))).toBe(true);
    expect(
      holds(check(question, "NUMBER", 1_000_000, quote, { url: "https://example.org/2024/12/annual-letter" })),
    ).toBe(true);
    // A bound is no year asked of: "since 2020", "by spring 2016".
    const since = "How many customers has Example Labs won since 2020?";
    expect(holds(check(since, "NUMBER", 40, "Example Labs has won 40 customers in the last five years."))).toBe(true);
  });
});

describe("an answer of the kind asked, not words beside it", () => {
  it("takes an e-mail for an address unless the post is asked, and refuses a sentence as an address", () => {
    const question = "Which address takes security questions for Example Labs?";
    const mail = "For any other security question, please send us an email at security@example.org";
    expect(holds(check(question, "TEXT", "security@example.org", mail))).toBe(true);
    const certified = "Example Labs is also ISO 27001 certified, meaning we provide audited security to customers.";
    expect(
      reason(
        check(
          question,
          "TEXT",
          "Example Labs is also ISO 27001 certified, meaning we provide audited security",
          certified,
        ),
      ),
    ).toMatch(/is a sentence, not an address/);
    const postal = "What postal address should contracts for Example Labs be sent to?";
    expect(reason(check(postal, "TEXT", "contracts@example.org", "Send contracts to contracts@example.org"))).toMatch(
      /not a postal address/,
    );
    const office = "Example Labs, 12 Harbour Street, 2nd Floor, Leith EH6 6QW";
    expect(holds(check(postal, "TEXT", "12 Harbour Street, 2nd Floor, Leith EH6 6QW", office))).toBe(true);
  });

  it("refuses as a tool's name the question's own word with common ones", () => {
    const question = "Which SEO tool does Example Labs' marketing team use to track keyword rankings?";
    const share = "- 60% SEO-optimized articles, drafted by the content team.";
    expect(reason(check(question, "TEXT", "SEO-optimized", share))).toMatch(/only the question's words/);
    const tool = "For SEO, we use Rankwell to track and optimize our ranking for the keywords we target.";
    expect(holds(check(question, "TEXT", "Rankwell", tool))).toBe(true);
    expect(holds(check(question, "TEXT", "Rankwell SEO", "For SEO tracking we use Rankwell SEO."))).toBe(true);
  });

  it("refuses as a company a name the passage gives a person's title", () => {
    const question = "Which company did Ravi from Example Labs work at before co-founding it?";
    const byline =
      "I'm Jon, and I work with Ravi. Jon Harlow (Co-founder/CEO of Example Labs) writes about founding it.";
    expect(reason(check(question, "TEXT", "Jon Harlow", byline))).toMatch(/a person's title/);
    const story =
      "Before co-founding Example Labs, Ravi worked at Brightwell (a due-diligence start-up), where he met Jon.";
    expect(holds(check(question, "TEXT", "Brightwell", story))).toBe(true);
  });
});

describe("a yes the quote says no to", () => {
  it("refuses a yes where the quote says no to what is asked, unless the question asks of the no", () => {
    const schema = "Does Example Labs remove unused columns from its database schema?";
    expect(reason(check(schema, "BOOL", true, "Avoid removing columns"))).toMatch(/says no to Avoid removing/);
    const dont = "For now we don't remove columns that are no longer read.";
    expect(reason(check(schema, "BOOL", true, dont))).toMatch(/says no to don't/);
    const limits = "Do health-check requests count against Example Labs' quotas?";
    const exempt = "Health-check requests are exempt from all quotas.";
    expect(reason(check(limits, "BOOL", true, exempt))).toMatch(/says no to exempt/);
    expect(holds(check(limits, "BOOL", false, exempt))).toBe(true);
    const cookies = "Does Example Labs' analytics work without cookies?";
    expect(holds(check(cookies, "BOOL", true, "Example Labs' analytics works without cookies."))).toBe(true);
    const trial = "Is there a free trial of Example Labs?";
    expect(holds(check(trial, "BOOL", true, "Yes, there is a free trial and no credit card is required."))).toBe(true);
  });

  it("refuses a yes to keeping what the quote says is discarded, and the other way round", () => {
    const keep = "Does Example Labs keep the full referrer URL of visitors?";
    expect(reason(check(keep, "BOOL", true, "The full referrer URL is discarded."))).toMatch(
      /says discarded, not keep/,
    );
    const store = "Does Example Labs store IP addresses?";
    expect(holds(check(store, "BOOL", true, "We store IP addresses for 30 days and then delete them."))).toBe(true);
    const erase = "Does Example Labs delete raw logs after a day?";
    expect(reason(check(erase, "BOOL", true, "Raw logs are kept for a day."))).toMatch(/says kept, not delete/);
  });
});

describe("a yes to a question that names a figure or a condition", () => {
  it("needs the quote to write the figure the question names, but not a bound's", () => {
    const days = "Are 7-day tokens the default at Example Labs?";
    expect(
      reason(check(days, "BOOL", true, "From March, the default tokens last 72 days and 14-day ones are opt-in.")),
    ).toBe("the quote does not say 7, which the question names");
    expect(holds(check(days, "BOOL", true, "Our default tokens last 7 days."))).toBe(true);
    // A numeral after a name is its figure; a thousands separator does not change it.
    const audit = "Does Example Labs have a SOC 2 report?";
    expect(holds(check(audit, "BOOL", true, "Example Labs completed its SOC II audit this spring."))).toBe(true);
    const seats = "Does the Team plan include 1000 seats?";
    expect(holds(check(seats, "BOOL", true, "The Team plan includes 1,000 seats."))).toBe(true);
    // A bound is answered by a figure beyond it; a year by the date its entry opens with.
    const staff = "Does Example Labs have more than 100 employees?";
    expect(holds(check(staff, "BOOL", true, "Example Labs now has 240 employees."))).toBe(true);
    const launch = "Did Example Labs open a Berlin office in 2023?";
    expect(
      holds(
        check(launch, "BOOL", true, "Today we opened our Berlin office.", {
          passageText: "March 3, 2023\nToday we opened our Berlin office.",
        }),
      ),
    ).toBe(true);
    // A no is not held to it: "not the 7-day ones" may say no without the figure.
    expect(holds(check(days, "BOOL", false, "Our default tokens last 90 days."))).toBe(true);
  });

  it("refuses a yes to a difference that the quote says the condition does not make", () => {
    const pay = "Does Example Labs adjust salaries to where employees live?";
    expect(
      reason(check(pay, "BOOL", true, "Example Labs pays everyone the same salary, regardless of where they live.")),
    ).toBe('the quote says "regardless of where they live"');
    expect(holds(check(pay, "BOOL", true, "Salaries at Example Labs are adjusted to where employees live."))).toBe(
      true,
    );
    // Asked the same way, it is the yes.
    const same = "Does Example Labs pay the same regardless of location?";
    expect(holds(check(same, "BOOL", true, "We pay the same salary regardless of location."))).toBe(true);
  });
});

describe("an answer that is the question's or the page's own words", () => {
  it("refuses as the organisation asked a name the question gives", () => {
    const question = "Which organization contributed the Example Style Guide to Example Labs?";
    const title = "Example Style Guide";
    expect(reason(check(question, "TEXT", title, title))).toMatch(/a name the question gives/);
    expect(
      holds(check(question, "TEXT", "Northwind", "The style guide was contributed to Example Labs by Northwind.")),
    ).toBe(true);
  });

  it("refuses a line of categories or breadcrumbs as a text answer", () => {
    const question = "What does this person do at Example Labs?";
    const line = "Design · Culture at Example Labs · Remote work";
    expect(reason(check(question, "TEXT", line, line))).toMatch(/a line of categories/);
  });

  it("refuses what the quote says of another kind of the thing asked: Standard SSO for Premium SSO", () => {
    const question = "Which Example Labs plan do you need for Premium SSO?";
    const basic = "- Standard SSO (Growth plan): SCIM invites existing users to your organisation.";
    expect(reason(check(question, "TEXT", "Growth", basic))).toMatch(/Standard SSO, not Premium SSO/);
    const managed = "Premium SSO is available on the Growth Plus plan.";
    expect(holds(check(question, "TEXT", "Growth Plus", managed))).toBe(true);
    const bare = "SSO comes with the Growth plan.";
    expect(holds(check(question, "TEXT", "Growth", bare))).toBe(true);
  });

  it("takes one word as a handle or a user name, never a line about the site it is on", () => {
    const question = "What is Ada's GitHub handle at Example Labs?";
    const line = "- Add the new team member to the Example Labs organisation in GitHub - Ben";
    expect(reason(check(question, "TEXT", line, line))).toMatch(/one word/);
    expect(
      holds(check(question, "TEXT", "@adalind", "Ada Lind (GitHub: @adalind) leads design at Example Labs.")),
    ).toBe(true);
    const row = "- Ada Lind (adalind)";
    expect(holds(check(question, "TEXT", row, `Maintainers of Example Labs:\n${row}`))).toBe(true);
  });
});

describe("a figure for each of something", () => {
  it("refuses a figure for each of something as the total asked, and one per another span of time", () => {
    const cap = "What was the most Example Labs pledged to donate in total in its review campaign?";
    const each = "For every review we receive before Friday, we'll give $3 to a food bank.";
    expect(reason(check(cap, "NUMBER", 3, each))).toMatch(/for each of something, not the total/);
    const total =
      "For every review we receive before Friday we donate, up to $20,000 in total for the review campaign.";
    expect(holds(check(cap, "NUMBER", 20_000, total))).toBe(true);
    const window = "How many tokens can Example Labs issue for one account within a seven-day window?";
    const refill = "Issuing tokens for the same account refills at a rate of 1 token every 15 minutes.";
    expect(reason(check(window, "NUMBER", 1, refill))).toMatch(/per minute, and the question asks over days/);
    const limit = "Up to 40 tokens can be issued per account every 7 days.";
    expect(holds(check(window, "NUMBER", 40, limit))).toBe(true);
    const monthly = "How many free requests per month does Example Labs give a new start-up?";
    expect(
      holds(check(monthly, "NUMBER", 5_000_000, "5 million requests/month, free for six months for a start-up")),
    ).toBe(true);
  });

  it("wants a version asked to be numbered", () => {
    const question = "Which Example Labs version added the ability for recipients to reject signing?";
    const option = "Recipients now have the option to decline signatures.";
    expect(reason(check(question, "TEXT", option, option))).toMatch(/states no version number/);
    const release = "Example Labs v1.8.0 added signing rejection: recipients can now reject signing.";
    expect(holds(check(question, "TEXT", "v1.8.0", release))).toBe(true);
  });
});

describe("a choice made by what the question names", () => {
  it("refuses an option from a passage that never names what the options are chosen by", () => {
    const question = "Which of these are Platinum-tier sponsors of Example Labs?";
    const founding = "We remain grateful to the three founding sponsors of Example Labs: Acme, Globex and Initech.";
    expect(reason(check(question, "OPTIONS", ["Acme"], founding))).toMatch(/does not speak of platinum/);
    const tiers = "Platinum tier: Acme and Globex. Gold tier: Initech.";
    expect(holds(check(question, "OPTIONS", ["Acme", "Globex"], tiers))).toBe(true);
    // The list may stand under its heading in the passage.
    const listed = "Acme, Globex";
    const passageText = `Our Platinum sponsors\n${listed}`;
    expect(holds(check(question, "OPTIONS", ["Acme", "Globex"], listed, { passageText }))).toBe(true);
  });

  it("takes one of several names as the passage's, and leaves a short form naming a kind of thing unsaid", () => {
    const founded = "It is hard to believe ten years have passed since Bo Park, Cy Ruiz and I founded ELRG.";
    const question = "Which of these people founded ELRG, the group behind Quillpad?";
    expect(holds(check(question, "OPTIONS", ["Bo Park", "Cy Ruiz"], founded))).toBe(true);
    const integrations = "Example Labs integrates with Orchid and Cedar Health through certified interfaces.";
    expect(
      holds(check("Which EHR systems does Example Labs integrate with?", "OPTIONS", ["Orchid"], integrations)),
    ).toBe(true);
  });
});

describe("an answer cut before its examples, and the page asked for", () => {
  it("refuses an answer that stops where its examples begin", () => {
    const quote = "For card payments we rely on outside processors (e.g.";
    expect(reason(check("Which payment processor does Example Labs use?", "TEXT", quote, quote))).toMatch(
      /stops in the middle/,
    );
  });

  it("takes a page as the answer only where its title or address names what the page is about", () => {
    const question = "link to Example Labs' onboarding guide";
    const api = { url: "https://example.org/docs/api-guide", pageTitle: "API guide" };
    const quote = "This guide covers the Example Labs API only.";
    expect(reason(check(question, "URL", api.url, quote, api))).toMatch(/not the page asked for/);
    const onboarding = { url: "https://example.org/docs/onboarding-guide", pageTitle: "Onboarding guide" };
    const own = "Start here: the Example Labs onboarding guide walks a new team through its first week.";
    expect(holds(check(question, "URL", onboarding.url, own, onboarding))).toBe(true);
  });
});

describe("what is asked of a person stands near their name", () => {
  const person: PersonIdentity = {
    fullName: "Ada Lind",
    firstName: "Ada",
    title: null,
    companyName: "Example Labs",
    companyHosts: ["example.org"],
  };
  const quote =
    "Founded in 2019 by Bo Park and Cy Ruiz, Example Labs took part in an accelerator's spring batch and has " +
    "since raised $9m from Granite Fund and angels including Dee Moss (CTO, Examplehub), Ada Lind (Founder, Lindworks) " +
    "and Eve Ng (Founder, Ngsoft).";

  it("refuses a name the quote gives far from the person asked about", () => {
    const question = "Which company did Ada Lind found?";
    expect(reason(check(question, "TEXT", "Bo Park", quote, { person }))).toMatch(/far from Ada Lind/);
    expect(holds(check(question, "TEXT", "Lindworks", quote, { person }))).toBe(true);
  });

  it("counts a pronoun after the name as a mention of them", () => {
    const bio =
      "Ada Lind leads research at Example Labs, where the team builds tools for archives and libraries across " +
      "Europe and Asia, and works with museums on their catalogues of prints. Before that she spent six years at Quarry Systems.";
    expect(
      holds(check("Where did Ada Lind work before Example Labs?", "TEXT", "Quarry Systems", bio, { person })),
    ).toBe(true);
  });
});

describe("a yes said of others, a word in quotation marks, a line of a list", () => {
  it("refuses a yes the quote says of what others do, set against the subject's way", () => {
    const question = "Do Example Labs leavers get only 90 days to exercise their options?";
    const norm = "Most startups give leavers only 90 days to exercise; we give them ten years instead.";
    expect(reason(check(question, "BOOL", true, norm))).toMatch(/what others do/);
    const like = "As is common practice, leavers get 90 days to exercise their options.";
    expect(holds(check(question, "BOOL", true, like))).toBe(true);
  });

  it("refuses a yes to a word the quote sets in quotation marks", () => {
    const question = "Is the duplicate-events issue a bug in Example Labs?";
    expect(reason(check(question, "BOOL", true, 'Duplicate-events "bug"'))).toMatch(/quotation marks/);
    expect(holds(check(question, "BOOL", true, "The duplicate-events issue is a bug in Example Labs."))).toBe(true);
  });

  it("refuses a line of a list as a person's title", () => {
    const person: PersonIdentity = {
      fullName: null,
      firstName: "Bo",
      title: null,
      companyName: "Example Labs",
      companyHosts: ["example.org"],
    };
    const task = "- Add the new hire to the team chat - Bo";
    expect(
      reason(
        check("What does Bo do at Example Labs?", "TEXT", "- Add the new hire to the team chat", task, { person }),
      ),
    ).toMatch(/line of a list/);
    const card = "Bo — Head of People";
    expect(holds(check("What does Bo do at Example Labs?", "TEXT", "Head of People", card, { person }))).toBe(true);
  });
});

describe("a document named by the word in front of it", () => {
  it("refuses what the quote says of another policy than the one asked", () => {
    const quote = "Example Labs for Android Cookie Policy Last updated April 14, 2022. The app sets no cookies.";
    expect(
      reason(check("When was Example Labs' sponsorship policy last updated?", "DATE", "2022-04-14", quote)),
    ).toMatch(/speaks of Cookie Policy, not sponsorship policy/);
    expect(holds(check("When was Example Labs' cookie policy last updated?", "DATE", "2022-04-14", quote))).toBe(true);
    // The word pages use for it, or its parts written apart, name the same policy.
    const pto = "Example Labs staff take time off under our Unlimited PTO policy.";
    expect(holds(check("What kind of vacation policy does Example Labs offer?", "TEXT", "Unlimited PTO", pto))).toBe(
      true,
    );
    const marks = "Code Share Agreement, last updated May 1, 2023.";
    expect(holds(check("When was Example Labs' codeshare agreement last updated?", "DATE", "2023-05-01", marks))).toBe(
      true,
    );
    // A quote that names no policy at all is not another's.
    const refunds = "Refunds are given within 30 days of a payment.";
    expect(holds(check("How many days does Example Labs' refund policy allow?", "NUMBER", 30, refunds))).toBe(true);
  });
});

describe("a year that dates another event", () => {
  it("is no founding year where its clause names a listing, a round or a launch and no founding", () => {
    const bio = "Prior to Example Labs, he co-founded Quillmark (IPO in 2021) and then taught at a coding school.";
    expect(reason(check("What year was Example Labs founded?", "DATE", "2021", bio))).toBe(
      "the quote gives 2021 as the date of a listing",
    );
    expect(reason(check("In what year was Example Labs founded?", "NUMBER", 2021, bio))).toBe(
      "the quote gives 2021 as the date of a listing",
    );
    expect(
      reason(
        check(
          "When was Example Labs founded?",
          "DATE",
          "2016",
          "Example Labs was started by two engineers, and it launched its first product in 2016.",
        ),
      ),
    ).toBe("the quote gives 2016 as the date of a launch");
  });

  it("holds where the clause with the year names the event asked, or none", () => {
    const founded = "When was Example Labs founded?";
    expect(
      holds(check(founded, "DATE", "2013", "Example Labs was founded in 2013 and raised its Series A in 2016.")),
    ).toBe(true);
    expect(holds(check(founded, "DATE", "2013", "In 2013, two engineers founded Example Labs in Leeds."))).toBe(true);
    expect(holds(check(founded, "DATE", "2013", "Example Labs (founded 2013; acquired 2020) makes sensors."))).toBe(
      true,
    );
    expect(
      holds(
        check(
          "When did Example Labs raise its Series A?",
          "DATE",
          "2016",
          "Founded in 2013, Example Labs raised its Series A in 2016.",
        ),
      ),
    ).toBe(true);
    // A question about no dated event is left to the other checks.
    expect(
      holds(
        check(
          "When was Example Labs' privacy policy last updated?",
          "DATE",
          "2021",
          "Last updated: March 2021 (launch of the app)",
        ),
      ),
    ).toBe(true);
  });
});

describe("values cut from the quote rather than given", () => {
  it("refuses a piece cut from inside a sentence", () => {
    const question = "name of Example Labs' Canadian subsidiary";
    const quote = "Invoices come from Maple Branch Inc., which is what our Canadian arm is called.";
    expect(reason(check(question, "TEXT", "which is what our Canadian arm is called.", quote))).toMatch(
      /cut from inside a sentence/,
    );
    expect(holds(check(question, "TEXT", "Maple Branch Inc.", quote))).toBe(true);
  });

  it("refuses the quote's whole sentence given back for a thing asked by its noun", () => {
    const quote = "All staff in Canada and Mexico get private dental cover from day one.";
    expect(reason(check("dental insurance provider in canada", "TEXT", quote, quote))).toMatch(
      /gives the quote's sentence back/,
    );
    expect(reason(check("Which insurer covers dental care in Canada?", "TEXT", quote, quote))).toMatch(
      /gives the quote's sentence back/,
    );
    // A description asked is a sentence.
    const does = "Example Labs builds weather sensors for small farms.";
    expect(holds(check("How does Example Labs describe its sensors?", "TEXT", does, does))).toBe(true);
  });
});

describe("an address given for another desk", () => {
  it("refuses the press desk's address for a partnership question, and takes it for a press one", () => {
    const quote = "Journalists: press questions go to press@example.org, with your deadline.";
    expect(reason(check("email for new reseller partnerships", "TEXT", "press@example.org", quote))).toMatch(
      /for press inquiries/,
    );
    expect(holds(check("Which e-mail should journalists use?", "TEXT", "press@example.org", quote))).toBe(true);
    // An address without a desk named beside it is whatever the question asks of it.
    const plain = "Resellers reach our deals desk at deals@example.org.";
    expect(holds(check("email for new reseller partnerships", "TEXT", "deals@example.org", plain))).toBe(true);
  });

  it("reads the desk nearest the address in a quote that names two", () => {
    const quote = "For press inquiries write to press@example.org; for sales questions, sales@example.org.";
    expect(holds(check("What is the sales e-mail?", "TEXT", "sales@example.org", quote))).toBe(true);
  });
});

describe("a date in a list of dated events", () => {
  it("is the date of the event its own clause names", () => {
    const quote =
      "We shipped our thousandth sensor in March 2019, then our ten-thousandth sensor in June 2021, and then our millionth sensor in 2024";
    const question = "date of the millionth sensor";
    expect(reason(check(question, "DATE", "2019", quote))).toMatch(/dates millionth in another clause/);
    expect(holds(check(question, "DATE", "2024", quote))).toBe(true);
    expect(holds(check("When did it ship its thousandth sensor?", "DATE", "2019-03", quote))).toBe(true);
  });
});

describe("a duration asked in a unit", () => {
  it("is the figure written in that unit, not one beside it in another", () => {
    const quote = "After 1 year with us, leavers get 2 weeks of pay per year worked, up to 4 months of severance.";
    expect(answerKindOf("maximum severance in months", "NUMBER")).toBe("duration");
    expect(reason(check("maximum severance in months", "NUMBER", 1, quote))).toMatch(/does not state 1 months/);
    expect(holds(check("maximum severance in months", "NUMBER", 4, quote))).toBe(true);
  });
});

describe("a count", () => {
  it("is not an amount of money beside the counted noun, and is two for twice", () => {
    const size = "How big is the Example Labs team right now?";
    const quote = "April: Example Labs has grown to a team of three ($1,250 MRR)";
    expect(holds(check(size, "NUMBER", 1250, quote))).toBe(false);
    expect(holds(check(size, "NUMBER", 3, quote))).toBe(true);
    const meetups = "How many times a year does the whole team meet up?";
    expect(holds(check(meetups, "NUMBER", 2, "Everyone at Example Labs meets up twice a year in Lisbon."))).toBe(true);
  });
});

describe("a yes", () => {
  it("is not what is usual in general, told without the subject", () => {
    const question = "Can users begin an Example Labs login from their identity provider's dashboard?";
    const general = "- Login from the dashboard: most identity providers typically let users begin a login there.";
    expect(reason(check(question, "BOOL", true, general))).toMatch(/usual in general/);
    const own = "Users can begin their login from their identity provider's dashboard.";
    expect(holds(check(question, "BOOL", true, own))).toBe(true);
  });
});
