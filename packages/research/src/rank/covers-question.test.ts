import { describe, expect, it } from "vitest";
import { type CoverageQuestion, coversQuestion } from "./covers-question.js";
import type { RankedPassage } from "./passage.js";

let counter = 0;
function ranked(text: string, heading: string | null = null): RankedPassage {
  counter += 1;
  return {
    id: `p${counter}`,
    url: `https://acme.example/page-${counter}`,
    title: null,
    heading,
    text,
    tokens: 20,
    source: "page",
    score: 1,
  };
}

function question(text: string, responseType: CoverageQuestion["responseType"] = "TEXT"): CoverageQuestion {
  return { question: text, responseType, responseOptions: [], subjectTerms: ["Acme Robotics"] };
}

describe("coversQuestion", () => {
  it("wants a day, not a year alone, where the question asks on what day", () => {
    const asked = question("On what day did Acme Robotics announce its Series A?", "DATE");
    expect(coversQuestion([ranked("Acme Robotics announced its Series A in 2020, led by Northwind.")], asked)).toBe(
      false,
    );
    expect(
      coversQuestion([ranked("Acme Robotics announced its Series A on December 17, 2020, led by Northwind.")], asked),
    ).toBe(true);
  });

  it("wants someone named where the question asks who", () => {
    const asked = question("Who is Acme Robotics' chief executive?");
    const glossary = ranked(
      "Leadership Team: the senior leadership team and department heads working with the CEO in offsites.",
    );
    expect(coversQuestion([glossary], asked)).toBe(false);
    expect(coversQuestion([ranked("Ada K. Park, CEO and co-founder, leads Acme Robotics from Graz.")], asked)).toBe(
      true,
    );
  });

  it("counts a word pages use for the question's word: employees are people, a team or staff", () => {
    const passages = [ranked("We are 85 people working from our headquarters in Berlin.")];
    expect(coversQuestion(passages, question("How many employees does Acme Robotics have?", "NUMBER"))).toBe(true);
  });

  it("counts a title's short form for the title asked in full, and the title for its short form", () => {
    const card = [ranked("Lena Fisk, Co-Founder & CTO")];
    expect(coversQuestion(card, question("Who is Acme Robotics' chief technology officer?"))).toBe(true);
    const spelled = [ranked("Omar Ruiz is our Data Protection Officer; write to him at privacy@acme.example.")];
    expect(coversQuestion(spelled, question("Who is Acme Robotics' DPO?"))).toBe(true);
  });

  it("wants a figure or a span of time where a text answer is asked how long, how many or how much", () => {
    const vague = [ranked("Acme Robotics keeps your fleet data safe and retains it as needed for the service.")];
    expect(coversQuestion(vague, question("How long does Acme Robotics keep our fleet data?"))).toBe(false);
    const table = [ranked("Fleet data retention | 7 years | Unlimited", "Acme Robotics keeps data")];
    expect(coversQuestion(table, question("How long does Acme Robotics keep our fleet data?"))).toBe(true);
  });

  it("counts a word of the same stem: integrate and Integrations", () => {
    const passages = [ranked("Acme Robotics syncs its fleet data with SAP and Oracle.", "Integrations")];
    expect(coversQuestion(passages, question("Does Acme Robotics integrate with SAP?", "BOOL"))).toBe(true);
  });

  it("does not ask for the words of the question's form: the URL of a page, how many", () => {
    const careers = [ranked("We are hiring engineers in Boston and Rotterdam.", "Careers")];
    expect(coversQuestion(careers, question("What is the URL of Acme Robotics' careers page?", "URL"))).toBe(true);
    const customers = [ranked("More than 180 customers run Acme fleets across Europe.")];
    expect(coversQuestion(customers, question("How many customers does Acme Robotics have?", "NUMBER"))).toBe(true);
  });

  it("takes the words naming the subject for its name: her company is the subject", () => {
    const passages = [ranked("Sarah Chen joined in March 2019 after eight years in logistics software.")];
    const joined = { ...question("When did Sarah Chen join her company?", "DATE"), personName: "Sarah Chen" };
    expect(coversQuestion(passages, joined)).toBe(true);
  });

  it("still asks for the question's own words and the answer's shape", () => {
    const passages = [ranked("Acme Robotics builds warehouse robots in Boston."), ranked("Our team of 40 people.")];
    expect(coversQuestion(passages, question("When was Acme Robotics founded?", "DATE"))).toBe(false);
    expect(coversQuestion(passages, question("Is Acme Robotics SOC 2 Type II certified?", "BOOL"))).toBe(false);
    expect(coversQuestion(passages, question("What is Acme Robotics' current job title of its CTO?"))).toBe(false);
  });

  it("asks a person's passage to name them", () => {
    const passages = [ranked("She joined in March 2019 after eight years in logistics software.")];
    const joined = { ...question("When did Sarah Chen join Acme Robotics?", "DATE"), personName: "Sarah Chen" };
    expect(coversQuestion(passages, joined)).toBe(false);
    expect(coversQuestion([ranked("Sarah Chen joined in March 2019.")], joined)).toBe(true);
  });

  it("wants nearly all of the question's own words in one passage: a line on servers is not where they are", () => {
    const asked = question("In which city are the servers that store Acme Robotics' fleet data?");
    const servers = ranked("All fleet data is stored on servers we own and operate ourselves, encrypted at rest.");
    expect(coversQuestion([servers], asked)).toBe(false);
    const city = ranked("Fleet data is stored on servers in the city of Leipzig, Germany.");
    expect(coversQuestion([city], asked)).toBe(true);
  });

  it("takes a passage of another site as covering only where it names the subject", () => {
    const asked = {
      ...question("Who founded Acme Robotics?"),
      subject: { ownSites: ["https://acme.example"], names: ["Acme Robotics", "acme.example"] },
    };
    const elsewhere = (text: string): RankedPassage => ({ ...ranked(text), url: "https://news.example/funding" });
    // A page that names the subject once may tell of another company's founders.
    expect(coversQuestion([elsewhere("Northwind was founded by Ada Park and Ben Ode in 2019.")], asked)).toBe(false);
    expect(coversQuestion([elsewhere("Acme Robotics was founded by Ada Park and Ben Ode in 2019.")], asked)).toBe(true);
    // On the subject's own site, the passage need not repeat its name.
    expect(coversQuestion([ranked("We were founded by Ada Park and Ben Ode in 2019.")], asked)).toBe(true);
  });
});
