import type { NormalizedResearchRequest } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import { planResearch, questionKeywords, type ResearchPlan } from "./plan-research.js";

function companyRequest(question: string, subject: Record<string, unknown>): NormalizedResearchRequest {
  return { kind: "company", question, responseType: "TEXT", responseOptions: [], context: null, subject };
}

function personRequest(question: string, subject: Record<string, unknown>): NormalizedResearchRequest {
  return { kind: "person", question, responseType: "TEXT", responseOptions: [], context: null, subject };
}

const cases: Array<[string, NormalizedResearchRequest, Partial<ResearchPlan>]> = [
  [
    "a company with a name and a website",
    companyRequest("Is Northwind Robotics SOC 2 certified?", {
      name: "Northwind Robotics",
      website: "https://www.Northwind-Robotics.com/about",
    }),
    {
      queries: [
        '"Northwind Robotics" SOC 2 certified',
        "site:northwind-robotics.com SOC 2 certified",
        "northwind-robotics.com SOC 2 certified",
      ],
      intents: ["compliance"],
      // The host as given, www and all: the bare host may not resolve or may serve another page.
      ownSites: ["https://www.northwind-robotics.com"],
      subjectTerms: ["Northwind Robotics", "northwind-robotics.com"],
      companyName: "Northwind Robotics",
      personName: null,
      notes: [],
    },
  ],
  [
    "a person with a company known by name only",
    personRequest("Where is Ana Ruiz based?", {
      firstName: "Ana",
      lastName: "Ruiz",
      company: { name: "Meridian Solar" },
    }),
    {
      queries: ['"Ana Ruiz" "Meridian Solar" based', '"Ana Ruiz" "Meridian Solar"'],
      ownSites: [],
      personName: "Ana Ruiz",
      notes: [],
    },
  ],
  [
    "a company whose name holds a cue of another question: the name is no part of what is asked",
    companyRequest("Who chairs the Northwind Foundation board?", {
      name: "Northwind Foundation",
      website: "https://northwind.foundation",
    }),
    { intents: ["leadership"] },
  ],
  [
    "a company known by its bare domain only",
    companyRequest("How many employees does it have?", { website: "quillstone.io" }),
    {
      queries: ["quillstone.io employees", "site:quillstone.io employees"],
      ownSites: ["https://quillstone.io"],
      companyName: null,
      intents: ["headcount"],
      notes: [],
    },
  ],
  [
    "a company known by name only",
    companyRequest("Where is Meridian Solar headquartered?", { name: "Meridian Solar" }),
    // The name alone too: the pages that name a company seldom use the question's words.
    { queries: ['"Meridian Solar" headquartered', '"Meridian Solar"'], ownSites: [], notes: [] },
  ],
  [
    "a person with names, company and a company e-mail",
    personRequest("Which city does Jane Doe work in?", {
      firstName: "Jane",
      lastName: "Doe",
      email: "jane.doe@northwind-robotics.com",
      company: { name: "Northwind Robotics" },
    }),
    {
      queries: [
        '"Jane Doe" "Northwind Robotics" city work',
        'site:northwind-robotics.com "Jane Doe"',
        '"Jane Doe" northwind-robotics.com',
      ],
      ownSites: ["https://northwind-robotics.com"],
      personName: "Jane Doe",
      companyName: "Northwind Robotics",
      subjectTerms: ["Jane Doe", "Northwind Robotics", "northwind-robotics.com"],
      notes: [],
    },
  ],
  [
    "a person known by e-mail only",
    personRequest("What is their job title?", { email: "omar@lindenhof-analytics.de" }),
    {
      queries: [
        '"Omar" lindenhof-analytics.de job title',
        'site:lindenhof-analytics.de "Omar"',
        '"omar@lindenhof-analytics.de"',
      ],
      ownSites: ["https://lindenhof-analytics.de"],
      personName: null,
      person: {
        fullName: null,
        firstName: "Omar",
        title: null,
        companyName: null,
        companyHosts: ["lindenhof-analytics.de"],
      },
      notes: [],
    },
  ],
  [
    "a person known by first name, with the company's website and a title",
    personRequest("What does Tariq work on?", {
      firstName: "Tariq",
      title: "Infrastructure",
      company: { name: "Quillon Analytics", website: "quillon.io" },
    }),
    {
      queries: ['"Tariq" "Quillon Analytics" work', 'site:quillon.io "Tariq"', '"Tariq" quillon.io'],
      subjectTerms: ["Tariq", "Quillon Analytics", "quillon.io"],
      person: {
        fullName: null,
        firstName: "Tariq",
        title: "Infrastructure",
        companyName: "Quillon Analytics",
        companyHosts: ["quillon.io"],
      },
    },
  ],
];

describe("planResearch", () => {
  it.each(cases)("%s", (_name, request, expected) => {
    expect(planResearch(request)).toMatchObject(expected);
  });

  it.each([
    ["a free-mail address", "jane.doe@gmail.com"],
    ["a free-mail address in another case", "Jane.Doe@GMX.de"],
    ["a disposable address", "jane@mailinator.com"],
  ])("takes no own site from %s", (_name, email) => {
    const plan = planResearch(
      personRequest("Where does she work?", {
        firstName: "Jane",
        lastName: "Doe",
        email,
        company: { name: "Northwind Robotics" },
      }),
    );
    expect(plan.ownSites).toEqual([]);
    expect(plan.queries.join(" ")).not.toMatch(/gmail|gmx|mailinator/i);
  });

  it("searches by the company's initials too when the question calls it by them", () => {
    const plan = planResearch(
      companyRequest("Who founded the WFSA, and when?", { name: "World Federation of Snow Architects" }),
    );
    expect(plan.queries).toContain('"WFSA" founded');
    const spelled = planResearch(companyRequest("Who founded it?", { name: "World Federation of Snow Architects" }));
    expect(spelled.queries.join(" ")).not.toContain("WFSA");
  });

  it("searches a name given with its article after it in reading order", () => {
    const plan = planResearch(companyRequest("Where is it based?", { name: "Example Company (The)" }));
    expect(plan.queries[0]).toBe('"The Example Company" based');
    expect(plan.companyName).toBe("Example Company (The)");
  });

  it("takes the website and the e-mail domain once each, website first", () => {
    const both = planResearch(
      personRequest("Role?", { email: "jane@northwind.eu", company: { website: "northwind-robotics.com" } }),
    );
    expect(both.ownSites).toEqual(["https://northwind-robotics.com", "https://northwind.eu"]);
    const same = planResearch(
      personRequest("Role?", {
        email: "jane@northwind-robotics.com",
        company: { website: "https://www.northwind-robotics.com" },
      }),
    );
    expect(same.ownSites).toEqual(["https://www.northwind-robotics.com"]);
  });

  it("takes the registrable domain of an e-mail at a subdomain as the own site", () => {
    const plan = planResearch(personRequest("Role?", { email: "jane@mail.us.northwind-robotics.com" }));
    expect(plan.ownSites).toEqual(["https://northwind-robotics.com"]);
  });

  it.each([
    ["an IP address", "http://203.0.113.7/"],
    ["a host without a dot", "http://intranet/"],
    ["a numeric top-level label", "acme.123"],
  ])("notes a website that is %s and does not read it", (_name, website) => {
    const plan = planResearch(companyRequest("What do they sell?", { name: "Acme", website }));
    expect(plan.ownSites).toEqual([]);
    expect(plan.notes).toHaveLength(1);
    expect(plan.notes[0]).toContain(website);
    expect(plan.notes[0]).toMatch(/not a public web address/);
    expect(plan.queries).toEqual(['"Acme" sell', '"Acme"']);
  });

  it("asks at most three distinct queries", () => {
    for (const [, request] of cases) {
      const { queries } = planResearch(request);
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.length).toBeLessThanOrEqual(3);
      expect(new Set(queries).size).toBe(queries.length);
      for (const query of queries) expect(query).toBe(query.replace(/\s+/g, " ").trim());
    }
  });
});

describe("questionKeywords", () => {
  it.each([
    ["Is Acme SOC 2 certified?", ["Acme"], "SOC 2 certified"],
    ["How many employees does the company have?", [], "employees"],
    ["What is Jane Doe's role at Acme?", ["Jane Doe", "Acme"], "role"],
    ["What is Northwind Robotics' recovery time objective?", ["Northwind Robotics"], "recovery time objective"],
    ["What is Jane Doe’s title at Acme’s Berlin office?", ["Jane Doe", "Acme"], "title Berlin office"],
    ["Which (if any) cloud providers, does acme.com use?", ["acme.com"], "cloud providers use"],
    // A domain's ending is no name of the subject: the question's ".org" stays.
    ["What share of .org sites use Example?", ["Example", "www.example.org"], "share org sites use"],
    ["Which AI models does Example run?", ["example.ai"], "AI models run"],
    ["What does example.co.uk sell?", ["example.co.uk"], "sell"],
    ["one two three four five six seven eight nine ten", [], "one two three four five six seven eight"],
    // A short form spelled letter by letter is searched as pages write it.
    ["What is Example's D-U-N-S number?", ["Example"], "DUNS number"],
    ["Where is Example's U.S. office?", ["Example"], "US office"],
    ["Does Example offer e-mail support?", ["Example"], "offer e-mail support"],
  ])("%j about %j -> %j", (question, subjectTerms, expected) => {
    expect(questionKeywords(question, subjectTerms)).toBe(expected);
  });
});
