import { describe, expect, it } from "vitest";
import { questionIntents } from "../plan/question-intents.js";
import { answerShape } from "./answer-shape.js";
import { countTokens } from "./count-tokens.js";
import type { Passage, RankedPassage } from "./passage.js";
import { rankPassages } from "./rank-passages.js";
import { selectWithinBudget } from "./select-within-budget.js";
import { tokenize } from "./tokenize.js";

let counter = 0;
function passage(text: string, url = `https://site${counter}.example/`, heading: string | null = null): Passage {
  counter += 1;
  return { id: `p${counter}`, url, title: null, heading, text, tokens: countTokens(text), source: "page" };
}

describe("tokenize", () => {
  it("lower-cases, drops stop words, splits camelCase and folds plurals and -ed forms", () => {
    expect(tokenize("When was the Company founded? foundingDate: 2014, Employees")).toEqual([
      "company",
      "found",
      "found",
      "date",
      "2014",
      "employee",
    ]);
    expect(tokenize("Zürich-based Société Générale")).toEqual(["zürich", "based", "société", "générale"]);
  });

  it("reads a short form spelled letter by letter as the word its letters make", () => {
    expect(tokenize("D-U-N-S number")).toEqual(tokenize("DUNS number"));
    expect(tokenize("our U.S.-based staff")).toEqual(["us", "based", "staff"]);
    // Words with one letter before a hyphen are words, not spelled letters.
    expect(tokenize("e-mail and T-shirts")).toEqual(["e", "mail", "shirt"]);
  });
});

describe("rankPassages: short forms and options", () => {
  it("finds the short form of a phrase the question spells out, and the phrase of a short form it asks", () => {
    const cdn = passage("Edgewise (Slovenia): CDN, DNS and DDoS protection.");
    const other = passage("Our network of partners delivers content to readers in many countries.");
    const filler = passage("We publish a changelog every month with the features we shipped.");
    const ranked = rankPassages([other, filler, cdn], {
      question: "Which content delivery network does Example use?",
      subjectTerms: ["Example"],
    });
    expect(ranked[0]?.id).toBe(cdn.id);
    const spelled = passage("Example can also offer Business Associate Addendums through an Enterprise Plan.");
    const plain = passage("Example encrypts data at rest and offers single sign-on on every plan.");
    expect(
      rankPassages([plain, spelled], { question: "Will Example sign a HIPAA BAA?", subjectTerms: ["Example"] })[0]?.id,
    ).toBe(spelled.id);
  });

  it("reads a hyphenated word's parts for their related words: VC-backed is about investors", () => {
    const community = passage("Example is an open source analytics tool for websites, backed by its community.");
    const funded = passage("How we are funded: Example is profitable, with no outside investors.");
    const ranked = rankPassages([community, funded], { question: "Is Example VC-backed?", subjectTerms: ["Example"] });
    expect(ranked[0]?.id).toBe(funded.id);
  });

  it("ranks a passage naming the options to choose from above one sharing only the question's words", () => {
    const vendors = passage(
      "Northhost (Germany): servers. Edgewise (Slovenia): delivery. Cloudbox (Finland): backups.",
    );
    const generic = passage("Website visitors are counted once a day, whatever page they open first.");
    const ranked = rankPassages([generic, vendors], {
      question: "Which vendors process our website visitors' data?",
      subjectTerms: ["Example"],
      options: ["Northhost", "Edgewise", "Cloudbox", "Bigcloud"],
    });
    expect(ranked[0]?.id).toBe(vendors.id);
  });
});

describe("rankPassages: a company's row on another site's directory", () => {
  it("lifts the row that names the company above the directory's other rows and other pages", () => {
    const directory = "https://index.example/list-of-companies";
    const header = "Symbol | Company | Sector | Headquarters | Founded";
    const rows = Array.from({ length: 12 }, (_, index) =>
      passage(
        `${header}\nX${index} | Company ${index} Corp | Industrials | Austin, Texas | 19${10 + index}`,
        directory,
      ),
    );
    const row = passage(`${header}\nORV | Orvane Company (The) | Consumer Staples | Millbrook, Ohio | 1911`, directory);
    const elsewhere = passage("Our headquarters moved to Denver, Colorado in 2019.", "https://news.example/story");
    const ranked = rankPassages([...rows, elsewhere, row], {
      question: "Where is the company headquartered?",
      subjectTerms: ["The Orvane Company", "orvane.example"],
      company: { names: ["The Orvane Company"], ownSites: ["https://orvane.example"] },
    });
    expect(ranked[0]?.id).toBe(row.id);
    expect(ranked.findIndex((entry) => entry.id === elsewhere.id)).toBeLessThan(
      ranked.findIndex((entry) => entry.id === rows[0]!.id),
    );
  });
});

describe("rankPassages", () => {
  const answer = passage(
    "Acme was founded in 2014 by Jane Doe and John Roe in Berlin, after both left their jobs at a bank.",
  );
  const distractors = [
    passage("Acme sells rockets to satellite operators and offers launch insurance to its customers."),
    passage("Our pricing starts at ten thousand dollars per kilogram, with discounts for research missions."),
    passage("The company's offices in Berlin are open from nine to five, and visitors are welcome."),
    passage("Jane Doe enjoys climbing and has written two books about orbital mechanics."),
  ];

  it("ranks the passage that answers the question above distractors", () => {
    const ranked = rankPassages([...distractors, answer], {
      question: "When was Acme founded and by whom?",
      subjectTerms: [],
    });
    expect(ranked[0]!.id).toBe(answer.id);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it("uses the heading as context and matches JSON-LD keys", () => {
    const fact = { ...passage("Organization foundingDate: 2014"), source: "jsonld" as const };
    const story = passage("Two friends left a bank to build rockets.", "https://acme.example/about", "Founding story");
    const ranked = rankPassages([...distractors, fact, story], { question: "When was it founded?", subjectTerms: [] });
    expect(
      ranked
        .slice(0, 2)
        .map((item) => item.id)
        .sort(),
    ).toEqual([fact.id, story.id].sort());
  });

  it("boosts passages that name the subject", () => {
    const aboutOther = passage("Globex chief technology officer Ann Lee leads the engineering team of 40 people.");
    const aboutSubject = passage("Initech chief technology officer Sam Poe leads the engineering team of 40 people.");
    const unboosted = rankPassages([aboutOther, aboutSubject], {
      question: "Who is the chief technology officer?",
      subjectTerms: [],
    });
    expect(unboosted[0]!.id).toBe(aboutOther.id);
    expect(unboosted[0]!.score).toBe(unboosted[1]!.score);
    const boosted = rankPassages([aboutOther, aboutSubject], {
      question: "Who is the chief technology officer?",
      subjectTerms: ["Initech"],
    });
    expect(boosted[0]!.id).toBe(aboutSubject.id);
    expect(boosted[0]!.score).toBeGreaterThan(boosted[1]!.score);
  });

  it("connects a title asked in full with its short form on a card, and a short form with the title", () => {
    const card = passage("Lena Fisk, Co-Founder & CTO. Lena wrote the first version of the scheduler.");
    const others = [
      passage("Our technology is built by a small team; every officer of the company answers support tickets."),
      passage("Technology choices: we run on Postgres, and our chief concern is uptime."),
      passage("Omar Ruiz, Chief Executive Officer. Omar ran sales at a logistics firm before."),
    ];
    const spelledOut = rankPassages([...others, card], {
      question: "Who is Initech's chief technology officer?",
      subjectTerms: ["Initech"],
    });
    expect(spelledOut[0]!.id).toBe(card.id);

    const vp = passage("Mia Wong — VP Operations, based in Lisbon.");
    const president = passage("Our president visits every office once a year, usually in spring.");
    const asked = rankPassages([president, vp], { question: "Is Mia Wong a vice president?", subjectTerms: [] });
    expect(asked[0]!.id).toBe(vp.id);

    const title = passage("Ada Stone is our Chief Financial Officer and has been since 2019.");
    const short = rankPassages([...others, title], { question: "Who is the CFO?", subjectTerms: [] });
    expect(short[0]!.id).toBe(title.id);
  });

  it("finds the register entry and the legal form in the words legal pages use", () => {
    const others = [
      passage("Acme Labs' registered users can export their data at any time from the settings page."),
      passage("At Acme Labs our number one priority is the security of the commercial data you entrust to us."),
    ];
    const imprint = passage("Impressum\n\nAcme Labs GmbH\nHandelsregister: HRB 12345 (Amtsgericht Musterstadt)");
    const question = "What is Acme Labs' commercial register number?";
    const register = rankPassages([...others, imprint], {
      question,
      subjectTerms: ["Acme Labs"],
      answerShape: answerShape("TEXT", questionIntents(question, "company"), question),
    });
    expect(register[0]!.id).toBe(imprint.id);
    const corporation = passage("Acme US is operated as a Delaware corporation.");
    const state = rankPassages([...others, passage("Our state of the art labs are in Texas."), corporation], {
      question: "In which state is Acme US incorporated?",
      subjectTerms: [],
    });
    expect(state[0]!.id).toBe(corporation.id);
  });

  it("ranks the line with a legal form first when the legal name of the company behind a product is asked", () => {
    const question = "What is the legal name of the company that runs Acme Analytics?";
    const others = [
      passage("Any company can run the analytics script on its own servers, under its own name."),
      passage("Our legal pages: the privacy policy, the terms and the data processing agreement."),
    ];
    const imprint = passage("Imprint\n\nAcme Insights OÜ\nHarbour tn 2\n50403 Tartu\nEstonia");
    const ranked = rankPassages([...others, imprint], {
      question,
      subjectTerms: ["Acme Analytics"],
      answerShape: answerShape("TEXT", questionIntents(question, "company"), question),
    });
    expect(ranked[0]!.id).toBe(imprint.id);
  });

  it("ranks a count of people, in digits or words, for a head count, and an amount in words for funding", () => {
    const rankFor = (question: string, responseType: "NUMBER" | "TEXT", passages: Passage[]) =>
      rankPassages(passages, {
        question,
        subjectTerms: ["Acme"],
        answerShape: answerShape(responseType, questionIntents(question, "company"), question),
      });
    const people = [
      passage("Acme people work hard and play hard: our people are the heart of Acme, and people come first."),
      passage("Working at Acme means flexible hours for all people, and every person who works here gets a laptop."),
    ];
    const digits = passage("Our team of 31 is spread across ten countries.");
    const words = passage("Acme is a team of five, all of them engineers.");
    expect(rankFor("How many people work at Acme?", "NUMBER", [...people, digits])[0]!.id).toBe(digits.id);
    expect(rankFor("How many people work at Acme?", "NUMBER", [...people, words])[0]!.id).toBe(words.id);
    const round = [
      passage("Acme thanks the investors who believed in the team from the first prototype on."),
      passage("Our community raised a barn for the local school last summer."),
    ];
    const amount = passage("In 2021 Acme closed a five million dollars round.");
    expect(rankFor("How much funding has Acme raised?", "NUMBER", [...round, amount])[0]!.id).toBe(amount.id);
  });

  it("ranks a number of the thing a count asks for, before it or just after it, in digits or words", () => {
    const rankFor = (question: string, passages: Passage[]) =>
      rankPassages(passages, {
        question,
        subjectTerms: ["Acme"],
        answerShape: answerShape("NUMBER", questionIntents(question, "company"), question),
      });
    const wordy = [
      passage("Over the years, Acme has made subscriber validation simpler."),
      passage("Acme keeps the validation data of subscribers for as long as the law asks."),
    ];
    const years = passage("Acme stores subscriber validation data for at least four years.");
    expect(rankFor("For how many years does Acme keep subscriber validation data?", [...wordy, years])[0]!.id).toBe(
      years.id,
    );
    const tests = [
      passage("A survey compares a control group with question blocks."),
      passage("Survey blocks are set up in the question screen."),
    ];
    const most = passage("Each survey has a control group and question blocks (at least two, at most five).");
    expect(
      rankFor("What is the maximum number of question blocks an Acme survey can have?", [...tests, most])[0]!.id,
    ).toBe(most.id);
  });

  it("counts the subject named without its legal form, as pages mostly write it", () => {
    const listed = passage("Example Freight runs ships between Rotterdam and Hull.");
    const other = passage("Sample Shipping runs ships between Rotterdam and Hull.");
    const ranked = rankPassages([other, listed], {
      question: "Which ports does it ship between?",
      subjectTerms: ["Example Freight GmbH"],
    });
    expect(ranked[0]!.id).toBe(listed.id);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
    const initials = passage("Ten years ago four of us founded the WFSA in a mountain hut.");
    const namesake = passage("Ten years ago four friends founded a ski club in a mountain hut.");
    const byInitials = rankPassages([namesake, initials], {
      question: "Who founded it?",
      subjectTerms: ["World Federation of Snow Architects"],
    });
    expect(byInitials[0]!.id).toBe(initials.id);
    expect(byInitials[0]!.score).toBeGreaterThan(byInitials[1]!.score);
  });

  it("matches multi-word subject terms as phrases", () => {
    const phrase = passage("Jane Doe joined the board in 2020.");
    const scattered = passage("Doe and Jane joined the board in 2020.");
    const ranked = rankPassages([scattered, phrase], { question: "board", subjectTerms: ["Jane Doe"] });
    expect(ranked[0]!.id).toBe(phrase.id);
  });

  it("caps the passages taken from one URL so the evidence spans sources", () => {
    const bigPage = Array.from({ length: 8 }, (_, index) =>
      passage(`Acme revenue in ${2010 + index} grew strongly, revenue revenue.`, "https://big.example/"),
    );
    const elsewhere = [
      passage("Acme revenue was reported by a newspaper.", "https://news.example/"),
      passage("Acme revenue appears in the registry filing.", "https://registry.example/"),
    ];
    const four = rankPassages(
      [...bigPage, ...elsewhere],
      { question: "Acme revenue", subjectTerms: ["Acme"] },
      { maxPerUrl: 4 },
    );
    expect(four.filter((item) => item.url === "https://big.example/")).toHaveLength(4);
    expect(four.map((item) => item.url)).toEqual(
      expect.arrayContaining(["https://news.example/", "https://registry.example/"]),
    );
    const two = rankPassages(
      [...bigPage, ...elsewhere],
      { question: "Acme revenue", subjectTerms: [] },
      { maxPerUrl: 2 },
    );
    expect(two.filter((item) => item.url === "https://big.example/")).toHaveLength(2);
  });

  it("drops passages that match nothing unless asked to keep them, and honours the limit", () => {
    const ranked = rankPassages([...distractors, answer], { question: "climbing", subjectTerms: [] });
    expect(ranked.map((item) => item.id)).toEqual([distractors[3]?.id]);
    expect(
      rankPassages([...distractors, answer], { question: "climbing", subjectTerms: [] }, { keepUnmatched: true }),
    ).toHaveLength(5);
    expect(rankPassages([...distractors, answer], { question: "Acme", subjectTerms: [] }, { limit: 1 })).toHaveLength(
      1,
    );
    expect(rankPassages([], { question: "anything", subjectTerms: [] })).toEqual([]);
  });
});

describe("selectWithinBudget", () => {
  function ranked(text: string, score: number, url?: string): RankedPassage {
    return { ...passage(text, url), score };
  }

  it("never exceeds the token budget, and lets smaller passages fill what is left", () => {
    const long = Array.from(
      { length: 60 },
      (_, index) => `Paragraph ${index} talks about rockets, payloads and orbits in detail.`,
    );
    const candidates = long.map((text, index) => ranked(`${text} ${"extra words ".repeat(index % 7)}`, 100 - index));
    for (const maxTokens of [50, 120, 333, 1000]) {
      const selected = selectWithinBudget(candidates, { maxTokens });
      const used = selected.reduce((sum, item) => sum + countTokens(item.text), 0);
      expect(used).toBeLessThanOrEqual(maxTokens);
      expect(selected.length).toBeGreaterThan(0);
    }
    const big = ranked("word ".repeat(400), 10);
    const small = ranked("A small passage about payloads.", 5);
    expect(selectWithinBudget([big, small], { maxTokens: 100 }).map((item) => item.id)).toEqual([small.id]);
  });

  it("counts the per-passage overhead against the budget", () => {
    const items = Array.from({ length: 10 }, (_, index) =>
      ranked(`Distinct passage number ${index} about launch ${index * 7}.`, 10 - index),
    );
    const tokensEach = countTokens(items[0]!.text);
    const selected = selectWithinBudget(items, { maxTokens: (tokensEach + 20) * 3, overheadTokens: () => 20 });
    expect(selected.length).toBeLessThanOrEqual(3);
    expect(selected.reduce((sum, item) => sum + countTokens(item.text) + 20, 0)).toBeLessThanOrEqual(
      (tokensEach + 20) * 3,
    );
  });

  it("keeps a boilerplate sentence repeated on ten pages once at most", () => {
    const boilerplate = "Acme Corp is a leading provider of innovative launch solutions for the modern space economy.";
    const repeated = Array.from({ length: 10 }, (_, index) =>
      ranked(index % 2 === 0 ? boilerplate : `${boilerplate} `, 50 - index, `https://acme.example/page-${index}`),
    );
    const unique = ranked("Acme Corp was founded in 2014 in Berlin by Jane Doe.", 10);
    const selected = selectWithinBudget([...repeated, unique], { maxTokens: 5000 });
    expect(selected.filter((item) => item.text.trim() === boilerplate)).toHaveLength(1);
    expect(selected.map((item) => item.id)).toContain(unique.id);
  });

  it("drops near-duplicates and passages contained in one already kept", () => {
    const original = ranked(
      "Jane Doe is the chief technology officer of Acme Corp and leads a team of forty engineers in Berlin.",
      9,
    );
    const nearCopy = ranked(
      "Jane Doe is the chief technology officer of Acme Corp and leads a team of forty engineers in Berlin!",
      8,
    );
    const contained = ranked("the chief technology officer of Acme Corp and leads a team of forty engineers", 7);
    const different = ranked(
      "John Roe is the chief executive officer of Acme Corp and lives in Munich with two cats.",
      6,
    );
    const selected = selectWithinBudget([original, nearCopy, contained, different], { maxTokens: 5000 });
    expect(selected.map((item) => item.id)).toEqual([original.id, different.id]);
  });

  it("keeps a card whose bio is quoted whole elsewhere: its title line is its own", () => {
    const bio = [
      "I have been writing software since I was twelve, first games, then trading systems, and for the last ten years tools for data teams who want their numbers to add up.",
      "Before this company I ran the platform group of a payments firm in Lisbon, where we moved four hundred services to one deployment pipeline in a year.",
      "Outside work I sail small boats badly, bake bread well, and read whatever my children leave on the kitchen table.",
    ].join(" ");
    const readme = ranked(`Ada Park's README. This guide may help you work with me. Bio ${bio}`, 9);
    const card = ranked(`Ada Park, Co-Founder & CTO. GitHub: adapark. ${bio}`, 8);
    const footer = ranked(
      `Ada Park's README. This guide may help you work with me. Bio ${bio}`.replace("twelve", "eleven"),
      7,
    );
    const selected = selectWithinBudget([readme, card, footer], { maxTokens: 5000 });
    expect(selected.map((item) => item.id)).toEqual([readme.id, card.id]);
  });

  it("takes the fifth strong passage of the page that answers before the first weak passage of other pages", () => {
    const strong = Array.from({ length: 6 }, (_, index) => ({
      ...passage(
        `Strong passage ${index} about the switch to the new chat tool, with its date and reasons.`,
        "https://a.example/post",
      ),
      score: 10 - index,
    }));
    const weak = Array.from({ length: 30 }, (_, index) => ({
      ...passage(`Weak passage ${index} on page ${index} that barely matches one word.`, `https://w${index}.example/`),
      score: 1,
    }));
    const budget = strong.reduce((sum, item) => sum + item.tokens, 0) + weak[0]!.tokens * 3;
    const selected = selectWithinBudget([...strong, ...weak], { maxTokens: budget });
    expect(selected.map((item) => item.id)).toEqual(expect.arrayContaining(strong.map((item) => item.id)));
  });

  it("takes the page's later passages before other pages' openings that score under half of them", () => {
    // The table deep in a long page that answers, against the first passages of pages that match a word or two.
    const page = Array.from({ length: 6 }, (_, index) => ({
      ...passage(`Profile table row ${index}: the property, its value and its unit.`, "https://a.example/profiles"),
      score: 10 - index,
    }));
    const others = Array.from({ length: 30 }, (_, index) => ({
      ...passage(`Other page ${index} that names the property once in passing.`, `https://o${index}.example/`),
      score: 2,
    }));
    const budget = page.reduce((sum, item) => sum + item.tokens, 0) + others[0]!.tokens * 3;
    const selected = selectWithinBudget([...page, ...others], { maxTokens: budget }).map((item) => item.id);
    expect(selected).toEqual(expect.arrayContaining(page.map((item) => item.id)));
    // Openings that score at least half as well still take their turn before them.
    const close = others.map((item) => ({ ...item, score: 4 }));
    const taken = selectWithinBudget([...page, ...close], { maxTokens: budget }).map((item) => item.id);
    expect(taken).not.toContain(page[5]!.id);
    expect(taken).toContain(close[0]!.id);
  });

  it("keeps rank order", () => {
    const items = [
      ranked("First passage about orbits.", 3),
      ranked("Second passage about payload.", 2),
      ranked("Third passage about fuel.", 1),
    ];
    expect(selectWithinBudget(items).map((item) => item.id)).toEqual(items.map((item) => item.id));
  });
});

describe("rankPassages: the person asked about", () => {
  it("ranks the card that writes a middle name the caller left out above the cards around it", () => {
    const cards = [
      passage("Quinn Slack CEO San Francisco, CA Beyang Liu CTO San Francisco, CA", "https://acme.example/team"),
      passage("Mira Okafor Lund Head of Engineering Bergen, Norway", "https://acme.example/team"),
      passage("Our engineering team works in the open and writes its decisions down.", "https://acme.example/eng"),
    ];
    const ranked = rankPassages(cards, {
      question: "What is this person's title?",
      subjectTerms: ["Mira Lund", "acme.example"],
      personName: "Mira Lund",
    });
    expect(ranked[0]?.text).toMatch(/^Mira Okafor Lund/);
  });
});
