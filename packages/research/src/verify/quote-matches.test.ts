import { describe, expect, it } from "vitest";
import { normalizeForMatch, quoteMatches } from "./quote-matches.js";

const passage =
  "Northwind Robotics builds autonomous forklifts for mid-sized warehouses. The company was founded in 2016 in Berlin " +
  "and now employs 240 people across three offices. In March 2024 it completed its SOC 2 Type II audit, covering " +
  "security, availability and confidentiality, with no exceptions noted by the auditors.";

const curly = "She said \u201cwe\u2019re hiring\u201d \u2014 twice \u2013 in 2023\u2026 and again in May.";

const cases: Array<[string, string, string, boolean]> = [
  // name, quote, passage, holds
  ["the exact sentence", "The company was founded in 2016 in Berlin", passage, true],
  ["different case", "THE COMPANY WAS FOUNDED IN 2016 IN BERLIN", passage, true],
  ["different whitespace", "  The company   was founded\nin 2016\tin Berlin ", passage, true],
  [
    "a trailing full stop and quote marks around it",
    '"builds autonomous forklifts for mid-sized warehouses."',
    passage,
    true,
  ],
  ["straight quotes for curly ones", `said "we're hiring" - twice - in 2023... and again`, curly, true],
  ["curly quotes for straight ones", "\u201cwe\u2019re hiring\u201d", `She said "we're hiring" today.`, true],
  ["an en dash for a hyphen", "for mid\u2013sized warehouses", passage, true],
  ["accents dropped", "Muller leads the Zurich office", "Jürg Müller leads the Zürich office since 2020.", true],
  [
    "a dropped word at the end of a long quote",
    "In March 2024 it completed its SOC 2 Type II audit, covering security, availability and confidentiality, with no exceptions noted by auditors",
    passage,
    true,
  ],
  [
    "a dropped word in the middle of a long quote",
    "In March 2024 it completed its SOC 2 Type II audit, covering security, availability and confidentiality, with no exceptions noted by the auditors".replace(
      "availability and",
      "availability,",
    ),
    passage,
    true,
  ],
  [
    "a word left out of the middle of a long quote",
    "The company was founded in 2016 in Berlin and employs 240 people across three offices. In March 2024 it completed its SOC 2 audit",
    passage,
    true,
  ],
  [
    "a dropped word near the start of a long quote",
    "Northwind Robotics builds forklifts for mid-sized warehouses. The company was founded in 2016 in Berlin and now employs 240 people",
    passage,
    true,
  ],
  [
    "an added word in a long quote",
    "it completed its SOC 2 Type II audit, covering security, availability and also confidentiality, with no exceptions noted by the auditors",
    passage,
    true,
  ],
  [
    "a changed number in the middle",
    "The company was founded in 2016 in Berlin and now employs 420 people across three offices",
    passage,
    false,
  ],
  [
    "a changed number at the end of a long quote",
    "and now employs 240 people across three offices. In March 2024 it completed its SOC 2 Type II audit in 2025",
    passage,
    false,
  ],
  [
    "a changed year at the end",
    "In March 2024 it completed its SOC 2 Type II audit, covering security, availability and confidentiality, with no exceptions noted by the auditors in 2025",
    passage,
    false,
  ],
  ["a number that is only part of one in the passage", "0 people", "The company now employs 240 people.", false],
  ["a phrase that is only part of words in the passage", "ten employees", "We often employees' ideas adopt.", false],
  ["a changed word in a short quote", "founded in 2016 in Munich", passage, false],
  ["a negation dropped from a short quote", "with exceptions noted by the auditors", passage, false],
  [
    "a negation dropped from a long quote",
    "In March 2024 it completed its SOC 2 Type II audit, covering security, availability and confidentiality, with exceptions noted by the auditors",
    passage,
    false,
  ],
  [
    "a negation added to a long quote",
    "The company was not founded in 2016 in Berlin and now employs 240 people across three offices. In March 2024",
    passage,
    false,
  ],
  ["one word", "Berlin", passage, false],
  ["one number", "2016", passage, false],
  ["an empty quote", "", passage, false],
  ["only punctuation", '\u2026 "" .', passage, false],
  ["words scattered across the passage", "Northwind audit Berlin forklifts offices auditors", passage, false],
  ["a quote from another text", "Acme sells payroll software to small businesses", passage, false],
];

describe("quoteMatches", () => {
  it.each(cases)("%s -> %s", (_name, quote, text, holds) => {
    expect(quoteMatches(quote, text)).toBe(holds);
  });

  it("fails a quote spanning two passages", () => {
    const first = "Northwind Robotics builds autonomous forklifts for mid-sized warehouses in Europe and Asia.";
    const second = "The company was founded in 2016 in Berlin by two engineers from the university.";
    const quote = "forklifts for mid-sized warehouses in Europe and Asia. The company was founded in 2016 in Berlin";
    expect(quoteMatches(quote, first)).toBe(false);
    expect(quoteMatches(quote, second)).toBe(false);
    expect(quoteMatches(quote, `${first} ${second}`)).toBe(true);
  });
});

describe("normalizeForMatch", () => {
  it.each([
    ["  Hello\n\tWorld  ", "hello world"],
    ["\u201cQuoted\u201d \u2018single\u2019", "\"quoted\" 'single'"],
    ["a\u2014b\u2013c\u2212d", "a-b-c-d"],
    ["Caf\u00e9 Z\u00fcrich", "cafe zurich"],
    ["wait\u2026", "wait..."],
  ])("%j -> %j", (text, expected) => {
    expect(normalizeForMatch(text)).toBe(expected);
  });
});
