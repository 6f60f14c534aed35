import type { NormalizedResearchRequest, ResponseType } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import type { ModelAnswer } from "../answer/answer-from-evidence.js";
import type { PassageLabels } from "../answer/evidence-prompt.js";
import type { ExtractedPage } from "../gather/extract/extracted-page.js";
import type { Passage } from "../rank/passage.js";
import type { PersonIdentity } from "./is-about-person.js";
import { UNKNOWN_CONFIDENCE_CAP, type VerifyInput, verifyAnswer, withRegionAfter } from "./verify-answer.js";

const OWN = "https://northwind-robotics.com/security";
const OWN_TEAM = "https://northwind-robotics.com/team";
const NEWS = "https://tech-news.example/northwind-audit";
const BLOG = "https://robotics-blog.example/northwind";
const NAMESAKE = "https://acme.example/team";

const passageTexts: Record<string, [string, string]> = {
  P1: [
    OWN,
    "Northwind Robotics completed its SOC 2 Type II audit in March 2024, with no exceptions noted by the auditors.",
  ],
  P2: [NEWS, "The warehouse robot maker Northwind Robotics said its SOC 2 Type II audit was completed in March 2024."],
  P3: [
    BLOG,
    "Industry observers note that Northwind Robotics finished a SOC 2 Type II audit in March 2024 this spring.",
  ],
  P4: [OWN, "Our security team reviews every vendor each year and publishes the results to customers on request."],
  P5: [OWN_TEAM, "Jane Doe is VP Engineering at our Berlin office and joined Northwind Robotics in June 2021."],
  P6: [NAMESAKE, "Jane Doe is Head of Sales at Acme Corp in Madrid and joined the company in 2019."],
  P7: [NEWS, "Jane Doe, VP Engineering of Northwind Robotics, spoke about warehouse autonomy in Hamburg."],
};

function page(url: string, text: string, publishedAt: string | null = null): ExtractedPage {
  return {
    url,
    title: null,
    description: null,
    siteName: null,
    publishedAt,
    modifiedAt: null,
    text,
    jsonLd: [],
    links: [],
    profileLinks: [],
    language: "en",
  };
}

function labels(): PassageLabels {
  return new Map(
    Object.entries(passageTexts).map(([label, [url, text]]): [string, Passage] => [
      label,
      {
        id: `${label.toLowerCase()}-p1`,
        url,
        title: null,
        heading: null,
        text,
        tokens: text.split(" ").length,
        source: "page",
      },
    ]),
  );
}

function pages(): ExtractedPage[] {
  const byUrl = new Map<string, string[]>();
  for (const [url, text] of Object.values(passageTexts)) byUrl.set(url, [...(byUrl.get(url) ?? []), text]);
  return [...byUrl].map(([url, texts]) => page(url, texts.join("\n\n"), url === OWN_TEAM ? "2024-01-10" : null));
}

function request(kind: "company" | "person", responseType: ResponseType = "BOOL"): NormalizedResearchRequest {
  const common = { responseType, responseOptions: [], context: null };
  return kind === "company"
    ? {
        kind,
        ...common,
        question: "Is Northwind Robotics SOC 2 Type II certified?",
        subject: { name: "Northwind Robotics" },
      }
    : {
        kind,
        ...common,
        question: "What is Jane Doe's role?",
        subject: { firstName: "Jane", lastName: "Doe", company: { name: "Northwind Robotics" } },
      };
}

const jane: PersonIdentity = {
  fullName: "Jane Doe",
  firstName: "Jane",
  title: null,
  companyName: "Northwind Robotics",
  companyHosts: ["northwind-robotics.com"],
};

function input(answer: Partial<ModelAnswer>, overrides: Partial<VerifyInput> = {}): VerifyInput {
  return {
    request: request("company"),
    answer: {
      answer: true,
      citations: [],
      explanation: "The audit is complete. It covered security.",
      confidence: 0.8,
      ...answer,
    },
    labels: labels(),
    pages: pages(),
    ownSites: ["https://northwind-robotics.com"],
    unreachable: [],
    person: null,
    subjectTerms: ["Northwind Robotics", "northwind-robotics.com"],
    ...overrides,
  };
}

const quote = {
  own: { passage: "P1", quote: "completed its SOC 2 Type II audit in March 2024" },
  news: { passage: "P2", quote: "its SOC 2 Type II audit was completed in March 2024" },
  blog: { passage: "P3", quote: "finished a SOC 2 Type II audit in March 2024" },
};

describe("verifyAnswer citations", () => {
  const cases: Array<[string, ModelAnswer["citations"], string[], number]> = [
    // name, citations, expected sources, holding citations
    ["a verbatim quote holds", [quote.own], [OWN], 1],
    ["a label in another case with spaces holds", [{ passage: " p1 ", quote: quote.own.quote }], [OWN], 1],
    [
      "an invented quote does not hold",
      [{ passage: "P1", quote: "Northwind Robotics is ISO 27001 certified since 2019" }],
      [],
      0,
    ],
    ["a real quote cited to the wrong passage does not hold", [{ passage: "P4", quote: quote.own.quote }], [], 0],
    ["an unknown passage label does not hold", [{ passage: "P99", quote: quote.own.quote }], [], 0],
    [
      "two quotes from one page give one source",
      [quote.own, { passage: "P1", quote: "with no exceptions noted by the auditors" }],
      [OWN],
      2,
    ],
    [
      "only holding citations give sources",
      [quote.news, { passage: "P3", quote: "Northwind Robotics failed its audit" }],
      [NEWS],
      1,
    ],
    ["sources keep the order cited", [quote.news, quote.own, quote.news], [NEWS, OWN], 3],
  ];

  it.each(cases)("%s", (_name, citations, sources, holding) => {
    const verified = verifyAnswer(input({ citations }));
    expect(verified.sources).toEqual(sources);
    expect(verified.holdingCitations).toBe(holding);
    expect(verified.totalCitations).toBe(citations.length);
    if (holding > 0) expect(verified).toMatchObject({ answerText: "true", answerNumber: 1 });
  });

  it("withholds an answer no citation supports", () => {
    const verified = verifyAnswer(
      input({
        citations: [{ passage: "P1", quote: "Northwind Robotics is ISO 27001 certified since 2019" }],
        confidence: 0.95,
      }),
    );
    expect(verified).toMatchObject({ answerText: null, answerNumber: null, sources: [] });
    expect(verified.details).toMatch(/not enough evidence/i);
    expect(verified.confidence).toBeLessThanOrEqual(UNKNOWN_CONFIDENCE_CAP);
  });

  it("withholds an answer given without citations", () => {
    const verified = verifyAnswer(input({ citations: [], confidence: 0.9 }));
    expect(verified).toMatchObject({ answerText: null, answerNumber: null, sources: [] });
  });

  it("says in details what could not be reached", () => {
    const verified = verifyAnswer(
      input({ citations: [quote.own] }, { unreachable: ["The search provider searxng could not be reached."] }),
    );
    expect(verified.details).toContain("searxng could not be reached");
  });

  it("keeps the model's explanation in details only where the quotes bear it out", () => {
    const drawn = verifyAnswer(
      input({
        citations: [quote.own],
        explanation: "Northwind Robotics completed its SOC 2 Type II audit in March 2024.",
      }),
    );
    expect(drawn.details).toBe("Northwind Robotics completed its SOC 2 Type II audit in March 2024.");
    const invented = verifyAnswer(
      input({
        citations: [quote.own],
        explanation: "The certificate is valid until 2030 and covers every product line.",
      }),
    );
    expect(invented.details).not.toContain("2030");
    expect(invented.details).toContain("completed its SOC 2 Type II audit in March 2024");
  });

  it("returns the supporting quotes as citations, with their page and kind", () => {
    const verified = verifyAnswer(input({ citations: [quote.own, quote.news] }));
    expect(verified.citations).toEqual([
      { url: OWN, title: null, quote: quote.own.quote, publishedAt: null, source: "page" },
      { url: NEWS, title: null, quote: quote.news.quote, publishedAt: null, source: "page" },
    ]);
  });
});

describe("verifyAnswer for a mailbox known by its address alone", () => {
  const mailboxPassages: Record<string, [string, string]> = {
    P1: [OWN, "Want to see if we can help? Contact our business development team at deals@northwind-robotics.com."],
    P2: [OWN_TEAM, "The Northwind Robotics team started with 15 full-time staff in a Berlin garage."],
  };
  const mailboxInput = (citation: { passage: string; quote: string }, answer: string, question: string) =>
    input(
      { answer, citations: [citation], explanation: answer },
      {
        request: {
          kind: "person",
          responseType: "TEXT",
          responseOptions: [],
          context: null,
          question,
          subject: { email: "deals@northwind-robotics.com" },
        },
        labels: new Map(
          Object.entries(mailboxPassages).map(([label, [url, text]]): [string, Passage] => [
            label,
            { id: label, url, title: null, heading: null, text, tokens: 20, source: "page" },
          ]),
        ),
        pages: Object.values(mailboxPassages).map(([url, text]) => page(url, text)),
      },
    );

  it("takes the answer about 'this inbox' only from a passage that writes the address", () => {
    const question = "Which team reads this inbox?";
    const right = verifyAnswer(
      mailboxInput(
        { passage: "P1", quote: "Contact our business development team at deals@northwind-robotics.com." },
        "the business development team",
        question,
      ),
    );
    expect(right.answerText).toBe("the business development team");
    const elsewhere = verifyAnswer(
      mailboxInput(
        { passage: "P2", quote: "The Northwind Robotics team started with 15 full-time staff" },
        "Northwind Robotics team started with 15 full-time staff",
        question,
      ),
    );
    expect(elsewhere).toMatchObject({ answerText: null, sources: [] });
    expect(elsewhere.details).toContain("deals@northwind-robotics.com");
  });

  it("takes an answer about the company behind the address from any page", () => {
    const verified = verifyAnswer(
      mailboxInput(
        { passage: "P2", quote: "The Northwind Robotics team started with 15 full-time staff" },
        "15",
        "How many staff did the company behind this address start with?",
      ),
    );
    expect(verified.answerText).toBe("15");
  });
});

describe("verifyAnswer confidence", () => {
  it("ranks own site and an independent site above one third party", () => {
    const both = verifyAnswer(input({ citations: [quote.own, quote.news] })).confidence;
    const ownOnly = verifyAnswer(input({ citations: [quote.own] })).confidence;
    const twoThirdParties = verifyAnswer(input({ citations: [quote.news, quote.blog] })).confidence;
    const oneThirdParty = verifyAnswer(input({ citations: [quote.news] })).confidence;
    expect(both).toBeGreaterThan(ownOnly);
    expect(both).toBeGreaterThan(twoThirdParties);
    expect(ownOnly).toBeGreaterThan(oneThirdParty);
    expect(twoThirdParties).toBeGreaterThan(oneThirdParty);
    for (const value of [both, ownOnly, twoThirdParties, oneThirdParty]) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(1);
    }
  });

  it("lowers confidence when some citations are invented", () => {
    const clean = verifyAnswer(input({ citations: [quote.news] })).confidence;
    const mixed = verifyAnswer(
      input({ citations: [quote.news, { passage: "P2", quote: "Northwind Robotics was acquired by Acme in 2023" }] }),
    ).confidence;
    expect(mixed).toBeLessThan(clean);
  });

  it.each([0, 0.5, 0.9, 1])("caps an unknown answer at 0.2 (model said %s)", (modelConfidence) => {
    const verified = verifyAnswer(input({ answer: null, citations: [quote.own], confidence: modelConfidence }));
    expect(verified).toMatchObject({ answerText: null, answerNumber: null, sources: [] });
    expect(verified.confidence).toBeLessThanOrEqual(UNKNOWN_CONFIDENCE_CAP);
    expect(verified.details).toContain("The audit is complete.");
  });

  it("treats an answer that does not fit the type as unknown", () => {
    const verified = verifyAnswer(input({ answer: "yes", citations: [quote.own], confidence: 0.9 }));
    expect(verified).toMatchObject({ answerText: null, answerNumber: null, sources: [] });
    expect(verified.confidence).toBeLessThanOrEqual(UNKNOWN_CONFIDENCE_CAP);
  });
});

describe("verifyAnswer for a person", () => {
  const personInput = (answer: Partial<ModelAnswer>) =>
    input(
      { answer: "VP Engineering", explanation: "She leads engineering.", ...answer },
      { request: request("person", "TEXT"), person: jane },
    );
  const claim = (passage: string, value: string, quoteText: string) => ({ value, passage, quote: quoteText });
  const noFields = { jobTitle: null, city: null, country: null, jobStartDate: null };

  it("does not let a namesake's page support the answer", () => {
    const verified = verifyAnswer(
      personInput({
        answer: "Head of Sales",
        citations: [{ passage: "P6", quote: "Jane Doe is Head of Sales at Acme Corp" }],
        person: noFields,
      }),
    );
    expect(verified).toMatchObject({ answerText: null, sources: [] });
  });

  it("accepts a third-party page that names her and her company", () => {
    const verified = verifyAnswer(
      personInput({
        citations: [{ passage: "P7", quote: "Jane Doe, VP Engineering of Northwind Robotics" }],
        person: noFields,
      }),
    );
    expect(verified).toMatchObject({ answerText: "VP Engineering", sources: [NEWS] });
  });

  it("keeps fields the page about her states, with where they came from", () => {
    const verified = verifyAnswer(
      personInput({
        citations: [{ passage: "P5", quote: "Jane Doe is VP Engineering at our Berlin office" }],
        person: {
          jobTitle: claim("P5", "VP Engineering", "Jane Doe is VP Engineering at our Berlin office"),
          city: claim("P5", "Berlin", "VP Engineering at our Berlin office"),
          country: claim("P5", "Germany", "VP Engineering at our Berlin office"),
          jobStartDate: claim("P5", "2021-06", "joined Northwind Robotics in June 2021"),
        },
      }),
    );
    expect(verified.personEvidence).toEqual([
      {
        field: "jobTitle",
        value: "VP Engineering",
        url: OWN_TEAM,
        quote: "Jane Doe is VP Engineering at our Berlin office",
        ownSite: true,
        publishedAt: "2024-01-10",
      },
      {
        field: "city",
        value: "Berlin",
        url: OWN_TEAM,
        quote: "VP Engineering at our Berlin office",
        ownSite: true,
        publishedAt: "2024-01-10",
      },
      {
        field: "country",
        value: "Germany",
        url: OWN_TEAM,
        quote: "VP Engineering at our Berlin office",
        ownSite: true,
        publishedAt: "2024-01-10",
      },
      {
        field: "jobStartDate",
        value: "2021-06",
        url: OWN_TEAM,
        quote: "joined Northwind Robotics in June 2021",
        ownSite: true,
        publishedAt: "2024-01-10",
      },
    ]);
  });

  const rejected: Array<[string, keyof typeof noFields, { value: string; passage: string; quote: string }]> = [
    [
      "a title from a namesake's page",
      "jobTitle",
      claim("P6", "Head of Sales", "Jane Doe is Head of Sales at Acme Corp"),
    ],
    ["a city from a namesake's page", "city", claim("P6", "Madrid", "Head of Sales at Acme Corp in Madrid")],
    [
      "a title the passage does not state",
      "jobTitle",
      claim("P5", "CTO", "Jane Doe is VP Engineering at our Berlin office"),
    ],
    [
      "a city the passage does not state",
      "city",
      claim("P5", "Munich", "Jane Doe is VP Engineering at our Berlin office"),
    ],
    ["a country without a verified city", "country", claim("P5", "Germany", "VP Engineering at our Berlin office")],
    [
      "a field with an invented quote",
      "jobTitle",
      claim("P5", "VP Engineering", "Jane Doe was promoted to VP Engineering last week"),
    ],
    [
      "a field cited to an unknown passage",
      "jobTitle",
      claim("P42", "VP Engineering", "Jane Doe is VP Engineering at our Berlin office"),
    ],
    ["an empty value", "jobTitle", claim("P5", "  ", "Jane Doe is VP Engineering at our Berlin office")],
  ];

  it.each(rejected)("rejects %s", (_name, field, fieldClaim) => {
    const verified = verifyAnswer(personInput({ citations: [], person: { ...noFields, [field]: fieldClaim } }));
    expect(verified.personEvidence).toEqual([]);
  });

  it("rejects a country the verified city does not lie in", () => {
    const verified = verifyAnswer(
      personInput({
        citations: [],
        person: {
          ...noFields,
          city: claim("P5", "Berlin", "VP Engineering at our Berlin office"),
          country: claim("P5", "France", "VP Engineering at our Berlin office"),
        },
      }),
    );
    expect(verified.personEvidence.map((entry) => entry.field)).toEqual(["city"]);
  });

  it("marks a third-party field as not from her own site", () => {
    const verified = verifyAnswer(
      personInput({
        citations: [],
        person: {
          ...noFields,
          jobTitle: claim("P7", "VP Engineering", "Jane Doe, VP Engineering of Northwind Robotics"),
        },
      }),
    );
    expect(verified.personEvidence).toEqual([
      {
        field: "jobTitle",
        value: "VP Engineering",
        url: NEWS,
        quote: "Jane Doe, VP Engineering of Northwind Robotics",
        ownSite: false,
        publishedAt: null,
      },
    ]);
  });
});

describe("a place given with its region", () => {
  it("takes the state or country the quote writes right after the place", () => {
    expect(withRegionAfter("Fairview", "Ada Park — Engineer — Fairview, OR, USA")).toBe("Fairview, OR");
    expect(withRegionAfter("Fairview", "Based in Fairview, Oregon and remote-first")).toBe("Fairview, Oregon");
    expect(withRegionAfter("Graz", "Our office is in Graz, Austria.")).toBe("Graz, Austria");
  });

  it("adds nothing that is not a state or a country, nor to a place that has one", () => {
    expect(withRegionAfter("Graz", "In Graz, Ada said, we work late.")).toBeNull();
    expect(withRegionAfter("Graz", "Offices in Graz and Linz")).toBeNull();
    expect(withRegionAfter("Graz, Austria", "Graz, Austria, Europe")).toBeNull();
  });
});
