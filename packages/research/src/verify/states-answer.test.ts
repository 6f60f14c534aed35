import type { AnswerValue, ResponseType } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import { drawnFrom, optionsLeftOut, optionsOnlyWithin, roleAsked, statesAnswer } from "./states-answer.js";

function stated(
  type: ResponseType,
  value: AnswerValue,
  quote: string,
  question = "What is it?",
  options: string[] = [],
  links: Array<{ url: string; text: string }> = [],
): boolean {
  return statesAnswer({ type, value, question, options, subjectTerms: ["Acme", "acme.com"] }, [
    { quote, url: "https://acme.com/page", links },
  ]).stated;
}

describe("statesAnswer", () => {
  it("reads a number written in words with its scale", () => {
    const question = "How many parcels a year does Acme ship?";
    expect(stated("NUMBER", 10_000_000, "Acme now ships ten million parcels a year", question)).toBe(true);
    expect(stated("NUMBER", 500_000, "half a million parcels a year", question)).toBe(true);
    expect(stated("NUMBER", 250, "two hundred and fifty parcels a year", question)).toBe(true);
    // A list of words is no sum: "one, two, three" states no 6.
    expect(stated("NUMBER", 6, "levels one, two, three", question)).toBe(false);
  });

  it("a yes is stated by the words a question's initials stand for, and by a number in digits for its word", () => {
    expect(
      stated(
        "BOOL",
        true,
        "Since 2019, Acme is owned by an Employee Stock Ownership Plan.",
        "Is Acme owned by an ESOP?",
      ),
    ).toBe(true);
    expect(
      stated("BOOL", true, "Acme is not owned by an Employee Stock Ownership Plan.", "Is Acme owned by an ESOP?"),
    ).toBe(false);
    expect(
      stated("BOOL", false, "Acme is not owned by an Employee Stock Ownership Plan.", "Is Acme owned by an ESOP?"),
    ).toBe(true);
    expect(stated("BOOL", true, "Our plants run 3-shift rotas all year.", "Does Acme run three-shift rotas?")).toBe(
      true,
    );
  });

  it("a no is not stated by a denial that touches one word of a long question", () => {
    const question = "Can someone outside the EU apply for Acme's product engineer role, i.e. is it remote worldwide?";
    const quote =
      "Acme runs in EU-owned data centres, a good fit for teams whose old vendor could no longer meet the privacy rules that apply to them.";
    expect(stated("BOOL", false, quote, question)).toBe(false);
    expect(stated("BOOL", false, "The product engineer role is not open to applicants outside the EU.", question)).toBe(
      true,
    );
    // A denial reaches on to the end of its own clause, examples in brackets too.
    const goods = "You must not use the Acme marks on goods for sale (caps, mugs or hoodies).";
    expect(stated("BOOL", false, goods, "Am I allowed to put the Acme logo on hoodies I sell?")).toBe(true);
  });

  it("what was and is no more, or is under way, denies what is asked of now", () => {
    const still = "Is Jane Roe still an engineer at Globex Labs?";
    const past = "Until 2021, she was an engineer at Globex Labs in Lyon.";
    expect(stated("BOOL", false, past, still)).toBe(true);
    expect(stated("BOOL", true, past, still)).toBe(false);
    // Asked without "still", the past is what the page says, and a yes stands.
    expect(stated("BOOL", true, past, "Was Jane Roe an engineer at Globex Labs?")).toBe(true);
    const certified = "Is Acme ISO 27001 certified yet?";
    const underWay = "Acme is in the process of obtaining ISO 27001 certification for its cloud.";
    expect(stated("BOOL", false, underWay, certified)).toBe(true);
    expect(stated("BOOL", true, underWay, certified)).toBe(false);
    expect(stated("BOOL", true, "Acme has been ISO 27001 certified since 2020.", certified)).toBe(true);
  });

  it("a span of time that has ended denies what is asked of now, one still running does not", () => {
    const still = "Is Jane Roe still the treasurer of the Acme Trust?";
    const ended = "Jane Roe — Treasurer — 2011-03-01 - 2015-06-30";
    expect(stated("BOOL", true, ended, still)).toBe(false);
    expect(stated("BOOL", false, ended, still)).toBe(true);
    expect(stated("BOOL", false, "Jane Roe, Treasurer (2009–2014)", still)).toBe(true);
    const running = "Jane Roe — Treasurer — 2024 - 2039";
    expect(stated("BOOL", true, running, still)).toBe(true);
    // Asked without "still", a past span says what was.
    expect(stated("BOOL", true, ended, "Was Jane Roe the treasurer of the Acme Trust?")).toBe(true);
  });

  it("the subject's name written out does not state its initials asked as a word of the question", () => {
    const claim = {
      type: "BOOL" as const,
      value: true,
      question: "Does Acme Labs' Guest Mode replace users' normal AL account?",
      options: [],
      subjectTerms: ["Acme Labs", "acme.com"],
    };
    const quote = "Guest Mode adds a read-only view on top of the standard Acme Labs account.";
    expect(statesAnswer(claim, [{ quote, url: "https://acme.com/docs/sso" }]).stated).toBe(false);
  });

  it("a no is stated by a denial after the topic in its clause, and by a prefix that denies its word", () => {
    const allowed = "Are pets allowed in Acme's offices?";
    expect(stated("BOOL", false, "Pets are not permitted in our offices.", allowed)).toBe(true);
    expect(stated("BOOL", true, "Pets are not permitted in our offices.", allowed)).toBe(false);
    // A denial far after the word is of something else: "a level of certificate that Acme does not issue".
    expect(
      stated(
        "BOOL",
        false,
        "Exports need a different level of certificate that Acme does not issue.",
        "Does Acme hold a PCI Level 1 attestation?",
      ),
    ).toBe(false);
    // A denial in another clause is of something else.
    expect(stated("BOOL", false, "Pets are welcome, but visitors are not admitted after six.", allowed)).toBe(false);
    expect(stated("BOOL", false, "Deposits are non-refundable.", "Does Acme refund deposits?")).toBe(true);
    expect(stated("BOOL", false, "Guest phones are unmanaged.", "Does Acme centrally manage guest phones?")).toBe(true);
  });

  it("support asked as the thing offered must be spoken of: an e-mail address for sponsors is no e-mail support", () => {
    const byEmail = "Does Acme offer support by email?";
    expect(
      stated("BOOL", true, "If you would like to sponsor Acme, please email us at sponsors@acme.com.", byEmail),
    ).toBe(false);
    expect(stated("BOOL", true, "Email support is included in every plan.", byEmail)).toBe(true);
    // Support alone, without the e-mail asked about, is no e-mail support either.
    expect(stated("BOOL", true, "Community Support: ask your questions in our forum.", byEmail)).toBe(false);
    expect(stated("BOOL", false, "We do not provide support via email; please use the forum.", byEmail)).toBe(true);
    // As a verb, "support" asks of what is supported.
    expect(stated("BOOL", true, "SAML single sign-on is available on every plan.", "Does Acme support SAML?")).toBe(
      true,
    );
  });

  it("a free trial is no free plan", () => {
    const tier = "Do they have a free tier?";
    expect(stated("BOOL", true, "Start your free 21-day trial today.", tier)).toBe(false);
    expect(stated("BOOL", true, "Try Acme free for 14 days, no card needed.", tier)).toBe(false);
    expect(stated("BOOL", true, "The free plan covers up to three users, forever.", tier)).toBe(true);
    expect(stated("BOOL", true, "Start with a free 14-day trial, or stay on the free plan.", tier)).toBe(true);
    // A trial asked about is answered by one.
    expect(stated("BOOL", true, "Start your free 21-day trial today.", "Is there a free trial?")).toBe(true);
  });

  it("the question's own prefixed word is no denial", () => {
    const quote = "Every team uses the wiki, including non-sales teams.";
    expect(stated("BOOL", true, quote, "Does Acme use its wiki for non-sales teams too?")).toBe(true);
  });

  it("a plural of a word in -ing is that word", () => {
    const quote = "There is no meeting for the whole company on Fridays.";
    expect(stated("BOOL", false, quote, "Does Acme hold meetings on Fridays?")).toBe(true);
  });

  it("a no is stated by a denial of a word in another form ('no plans' for 'planning')", () => {
    // "planning" is "plans" only once the stemmer takes the doubled "n" for one: "no" stands before "plans" alone.
    const quote = "There are no plans. Berlin gets a store only if demand grows.";
    expect(stated("BOOL", false, quote, "Is Acme planning to open a store in Berlin?")).toBe(true);
    expect(stated("BOOL", true, quote, "Is Acme planning to open a store in Berlin?")).toBe(false);
  });

  it("a BOOL is stated by a hyphenated word of the question's as a page writes it", () => {
    // The person's name is the subject's: only the role is what is asked.
    const claim = {
      type: "BOOL" as const,
      value: true,
      question: "Is Jane Roe a co-founder of Acme?",
      options: [],
      subjectTerms: ["Jane Roe", "Acme", "acme.com"],
    };
    const quote = (text: string) => [{ quote: text, url: "https://acme.com/team" }];
    expect(statesAnswer(claim, quote("Jane Roe — Chief Executive Officer and Co-founder")).stated).toBe(true);
    expect(statesAnswer(claim, quote("Jane co-founded Acme in 2016.")).stated).toBe(true);
    expect(statesAnswer(claim, quote("Jane Roe — Chief Executive Officer")).stated).toBe(false);
  });

  it.each([
    [
      "a designer is not the head of design",
      "Is Jane Roe a product designer at Acme?",
      "Jane Roe Head of Design",
      false,
    ],
    [
      "a board advisor is not a board director",
      "Is Jane Roe a board director of Acme?",
      "Jane Roe Board Advisor",
      false,
    ],
    [
      "a design director is not a board director",
      "Is Jane Roe a board director of Acme?",
      "Jane Roe, Design Director",
      false,
    ],
    ["the president is not a vice president", "Is Jane Roe a VP of Sales at Acme?", "Jane Roe, President", false],
    ["the CEO is not the CTO", "Is Jane Roe the CTO of Acme?", "Jane Roe, Chief Executive Officer", false],
    [
      "the title as the page writes it",
      "Is Jane Roe a product designer at Acme?",
      "Jane Roe Senior Product Designer",
      true,
    ],
    [
      "the board of directors",
      "Is Jane Roe a board director of Acme?",
      "Jane Roe, one of the Directors on the Board",
      true,
    ],
    ["initials for the title", "Is Jane Roe the Chief Technology Officer of Acme?", "Jane Roe — CTO", true],
    ["the title for initials", "Is Jane Roe the CTO of Acme?", "Jane Roe, Chief Technology Officer", true],
    ["an owner's title", "Was Jane Roe ever the company's chief technology officer?", "Jane Roe, CTO", true],
    ["a vice president as VP", "Is Jane Roe a vice president at Acme?", "Jane Roe, VP Engineering", true],
    ["a role that is not a person's is left to the topic words", "Is Acme a gold sponsor?", "Acme | Gold", true],
  ])("a role is held only as its head noun says: %s", (_name, question, quote, held) => {
    const claim = { type: "BOOL" as const, value: true, question, options: [], subjectTerms: ["Jane Roe", "Acme"] };
    expect(statesAnswer(claim, [{ quote, url: "https://acme.com/team" }]).stated).toBe(held);
  });

  it("a role asked is its title's words, without the organisation that owns it", () => {
    expect(roleAsked("Was Jane Roe ever the Acme Fund's chief technology officer?")).toEqual({
      head: "officer",
      modifiers: ["chief", "technology"],
    });
    expect(roleAsked("Is Jane Roe a co-founder of Acme?")).toEqual({ head: "founder", modifiers: [] });
    expect(roleAsked("Is Acme a gold sponsor?")).toBeNull();
  });

  it.each([
    ["1250000", 1_250_000, "We raised $1.25M from two funds."],
    ["10 as a team of 10", 10, "Today Acme is a team of 10."],
    ["ten written out", 10, "A team of ten people builds it."],
    ["20000 with a separator and a plus", 20_000, "More than 20,000+ paying subscribers use it."],
    ["9 as a price", 9, "Plans start at $9 per month."],
    ["1.5 billion", 1_500_000_000, "valued at 1.5 billion dollars"],
  ])("a NUMBER is stated: %s", (_name, value, quote) => {
    expect(stated("NUMBER", value, quote)).toBe(true);
  });

  it.each([
    ["another number", 12, "Today Acme is a team of 10."],
    ["no number at all", 10, "Acme is a small, fully remote team."],
  ])("a NUMBER is not stated: %s", (_name, value, quote) => {
    expect(stated("NUMBER", value, quote)).toBe(false);
  });

  it.each([
    ["month and year", "2018-12", "Uku Taht started Acme in December 2018."],
    ["a day, written", "2018-12-02", "It launched on December 2nd, 2018."],
    ["a year from a full date", "2023", "On 2023-07-26 the team switched."],
    ["ISO", "2023-07-26", "2023-07-26 t+1: The team switches to Discord."],
    ["European numeric", "2021-06-14", "Seit 14.06.2021 im Amt."],
    ["German month", "2018-12", "gegründet im Dezember 2018"],
  ])("a DATE is stated: %s", (_name, value, quote) => {
    expect(stated("DATE", value, quote)).toBe(true);
  });

  it.each([
    ["another year", "2019", "Uku Taht started Acme in December 2018."],
    ["a month the quote does not give", "2018-11", "Acme started in 2018."],
  ])("a DATE is not stated: %s", (_name, value, quote) => {
    expect(stated("DATE", value, quote)).toBe(false);
  });

  it("a URL is stated when written in the quote, when it is the cited page, or by a link's text", () => {
    expect(stated("URL", "https://github.com/acme/app", "The code is on github.com/acme/app under AGPL.")).toBe(true);
    expect(stated("URL", "https://acme.com/page/", "Our careers page lists every role.")).toBe(true);
    expect(
      stated(
        "URL",
        "https://status.acme.com/",
        "See our status page for incidents.",
        "Status page?",
        [],
        [{ url: "https://status.acme.com", text: "status page" }],
      ),
    ).toBe(true);
    expect(stated("URL", "https://evil.example/", "See our status page for incidents.")).toBe(false);
  });

  it("an OPTION is stated by its words or its initials; OPTIONS need every choice", () => {
    const options = ["General Services Administration", "Department of Defense"];
    expect(
      stated(
        "OPTION",
        options[0] ?? "",
        "18F is part of GSA's Technology Transformation Services.",
        "Which agency?",
        options,
      ),
    ).toBe(true);
    expect(
      stated(
        "OPTION",
        options[1] ?? "",
        "18F is part of GSA's Technology Transformation Services.",
        "Which agency?",
        options,
      ),
    ).toBe(false);
    const hosts = ["Hetzner", "Bunny", "UpCloud", "AWS"];
    expect(
      stated("OPTIONS", ["Hetzner", "Bunny"], "We use Hetzner for servers and Bunny for the CDN.", "Which?", hosts),
    ).toBe(true);
    expect(
      stated("OPTIONS", ["Hetzner", "AWS"], "We use Hetzner for servers and Bunny for the CDN.", "Which?", hosts),
    ).toBe(false);
  });

  it.each([
    ["an affirmation", "Is Acme SOC 2 Type II certified?", true, "Acme is SOC 2 Type II compliant, audited yearly."],
    ["a hiring statement", "Is Acme hiring engineers?", true, "We are hiring engineers in Boston and Rotterdam."],
    ["a denial", "Does Acme have a free plan?", false, "We don't have a free plan."],
    ["a related form of the word", "Is Acme SOC 2 certified?", true, "Acme holds SOC 2 certification."],
    ["an agent noun and its plural", "Is Jane Roe a founder of Acme?", true, "Its founders are Jane Roe and Sam Poe."],
    ["a denial with no", "Has Acme taken outside investment?", false, "We are self-funded, with no outside investors."],
    [
      "a list that leaves the named place out",
      "Does Acme have an office in Berlin?",
      false,
      "We have two offices: Boston and Rotterdam.",
    ],
  ])("a BOOL is stated: %s", (_name, question, value, quote) => {
    expect(stated("BOOL", value, quote, question)).toBe(true);
  });

  it.each([
    // The issue's own example: a real sentence that says the opposite of the answer given.
    [
      "false, from a sentence offering it",
      "Does the company offer a free trial?",
      false,
      "Start a 30-day free trial with no credit card required.",
    ],
    ["true, from a denial", "Does Acme have a free plan?", true, "We don't have a free plan."],
    [
      "true, from a sentence about something else",
      "Is Acme SOC 2 certified?",
      true,
      "Acme is the best company in the world and loved by all.",
    ],
    [
      "true, from a list that leaves the named place out",
      "Does Acme have an office in Berlin?",
      true,
      "We have two offices: Boston and Rotterdam.",
    ],
    // Five letters in common, but a founder is not a foundation, nor a director a direction.
    ["true, for a foundation, from a founder", "Is Acme a foundation?", true, "Acme is led by its founder."],
    [
      "true, for a director, from a direction",
      "Is Jane Roe a director of Acme?",
      true,
      "Jane Roe gave Acme a new direction.",
    ],
  ])("a BOOL is not stated: %s", (_name, question, value, quote) => {
    expect(stated("BOOL", value, quote, question)).toBe(false);
  });

  it("a TEXT answer must be drawn from the quotes", () => {
    expect(stated("TEXT", "Chief Marketing Officer", "Raman Sharma Chief Marketing Officer WA, USA")).toBe(true);
    expect(stated("TEXT", "Tartu, Estonia", "Quillon Insights OÜ Harbour tn 4 50103 Tartu Estonia")).toBe(true);
    expect(stated("TEXT", "Chief Executive Officer", "Raman Sharma Chief Marketing Officer WA, USA")).toBe(false);
    expect(stated("TEXT", "Munich", "Our headquarters are in Berlin.")).toBe(false);
  });

  it("a null answer needs no quote; any other answer needs one", () => {
    expect(statesAnswer({ type: "TEXT", value: null, question: "Q?", options: [], subjectTerms: [] }, []).stated).toBe(
      true,
    );
    expect(statesAnswer({ type: "TEXT", value: "x", question: "Q?", options: [], subjectTerms: [] }, []).stated).toBe(
      false,
    );
  });
});

describe("drawnFrom", () => {
  it("keeps an explanation whose words are in the quotes, and no other", () => {
    const quotes = ["Acme completed its SOC 2 Type II audit in March 2024."];
    expect(drawnFrom("Acme completed a SOC 2 Type II audit in March 2024.", quotes, ["Acme"])).toBe(true);
    expect(drawnFrom("Ignore the page: Acme is ISO 27001 certified since 2019.", quotes, ["Acme"])).toBe(false);
  });
});

describe("a list answer's options", () => {
  const options = ["AWS", "Google Cloud", "Microsoft Azure"];
  it("leaves out an option the quote lists with a chosen one, spelled out or not", () => {
    const quote = "Card data is stored in Google Cloud and Amazon Web Services regions in the EU.";
    expect(optionsLeftOut(["Google Cloud"], options, quote, `Storage\n${quote}`)).toEqual(["AWS"]);
    expect(optionsLeftOut(["AWS", "Google Cloud"], options, quote, quote)).toEqual([]);
    expect(
      optionsLeftOut(
        ["Google Cloud"],
        options,
        "On Google Cloud, AWS or Microsoft Azure.",
        "On Google Cloud, AWS or Microsoft Azure.",
      ),
    ).toEqual(["AWS", "Microsoft Azure"]);
  });

  it('reads an option\'s word written as an owner: "Granite\'s Harbor Fund" names "Granite Harbor Fund"', () => {
    const funds = ["Granite Harbor Fund", "Quarry Ventures", "Tidal Capital"];
    const quote = "The round was led by Granite's Harbor Fund, with participation from Quarry Ventures.";
    expect(optionsLeftOut(["Quarry Ventures"], funds, quote, quote)).toEqual(["Granite Harbor Fund"]);
  });

  it("does not count an option the sentence names as something else", () => {
    const hubs = ["Rotterdam", "Hamburg", "Boston"];
    const quote = "We have two offices: our headquarters in Boston and a service hub in Rotterdam.";
    expect(optionsLeftOut(["Rotterdam"], hubs, quote, quote)).toEqual([]);
  });

  it("does not count another sentence or line, or a sentence that denies what it names", () => {
    const years = "In 2022 we met on Google Cloud and AWS. In 2023, on Microsoft Azure.";
    expect(optionsLeftOut(["Microsoft Azure"], options, years, years)).toEqual([]);
    const lines = "Primary\nMicrosoft Azure\nSecondary\nGoogle Cloud";
    expect(
      optionsLeftOut(["Microsoft Azure"], options, "Primary Microsoft Azure Secondary Google Cloud", lines),
    ).toEqual([]);
    const moved = "We run on Microsoft Azure and no longer on Google Cloud.";
    expect(optionsLeftOut(["Microsoft Azure"], options, moved, moved)).toEqual([]);
  });
});

describe("an option named only inside a longer one", () => {
  const options = ["Team", "Enterprise", "Enterprise Plus"];
  it("is not stated by a quote that names the longer option alone", () => {
    expect(optionsOnlyWithin(["Enterprise"], options, "Managed SSO is available on the Enterprise Plus plan.")).toEqual(
      [{ chosen: "Enterprise", named: "Enterprise Plus" }],
    );
    expect(
      optionsOnlyWithin(["Enterprise Plus"], options, "Managed SSO is available on the Enterprise Plus plan."),
    ).toEqual([]);
    expect(
      optionsOnlyWithin(
        ["Enterprise"],
        options,
        "Basic SSO comes with Team and Enterprise; Enterprise Plus adds more.",
      ),
    ).toEqual([]);
  });
});
