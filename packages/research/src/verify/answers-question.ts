import type { AnswerValue, ResponseType } from "@dossier/contract";
import { countryFromLocation } from "@dossier/enrich";
import type { PersonIdentity } from "../plan/plan-research.js";
import { namesPlace } from "../rank/answer-shape.js";
import { relatedWords } from "../rank/question-terms.js";
import { stem } from "../rank/tokenize.js";
import type { AnswerKind } from "./answer-kind.js";
import { mentionsOf, type NumberMention } from "./number-mentions.js";
import { containsWhole, normalizeForMatch } from "./quote-matches.js";
import { dateStates, readDates } from "./read-dates.js";

/** A quote that states the answer, with what is known of where it stands. */
export interface AnsweringQuote {
  quote: string;
  /** The text of the passage the quote is in, for the sentence before it and a table's header. */
  passageText: string;
  /** The page's title and text, when the page was read: a first-person quote is its author's. */
  pageTitle?: string | null;
  pageText?: string;
  /** The page's address, and its links (a URL answer may be a link inside the quote). */
  url: string;
  links: ReadonlyArray<{ url: string; text: string }>;
}

/** What the quote must answer: the question, the kind of value it asks for, and whom it is about. */
export interface AskedQuestion {
  question: string;
  type: ResponseType;
  kind: AnswerKind;
  value: AnswerValue;
  /** Names of the subject (company name, domain, person's name). */
  subjectTerms: readonly string[];
  /** The person asked about, for a person question; null for a company. */
  person: PersonIdentity | null;
}

/** Whether a quote answers the question about the subject, and if not, why not. */
export type QuestionCheck =
  | {
      holds: true;
      /** The quote names the subject (the company or the person) itself. */
      subjectNamed: boolean;
      /** Share of the question's topic words the quote speaks of, 0 to 1. */
      topicShare: number;
      /** The answer's kind is shown by the quote itself (a currency, a counted noun, a label, a link). */
      kindShown: boolean;
    }
  | { holds: false; reason: string };

/** Titles and their abbreviations: a team page writes one, a question the other. */
const TITLES: Array<[string, string]> = [
  ["chief executive officer", "ceo"],
  ["chief technology officer", "cto"],
  ["chief technical officer", "cto"],
  ["chief financial officer", "cfo"],
  ["chief operating officer", "coo"],
  ["chief marketing officer", "cmo"],
  ["chief product officer", "cpo"],
  ["chief revenue officer", "cro"],
  ["chief information security officer", "ciso"],
  ["chief information officer", "cio"],
  ["chief people officer", "cpo"],
  ["chief legal officer", "clo"],
  ["chief commercial officer", "cco"],
  ["chief science officer", "cso"],
  ["chief scientific officer", "cso"],
  ["executive director", "ed"],
  ["vice president", "vp"],
  ["senior vice president", "svp"],
  ["executive vice president", "evp"],
  ["managing director", "md"],
  ["general manager", "gm"],
  ["general counsel", "gc"],
  ["data protection officer", "dpo"],
  ["human resources", "hr"],
  ["research and development", "rd"],
  ["geschaftsfuhrerin", "md"],
  ["geschaftsfuhrer", "md"],
  ["chairman", "chair"],
  ["chairwoman", "chair"],
  ["chairperson", "chair"],
  ["co founder", "cofounder"],
  ["co-founder", "cofounder"],
];

/** Names a page writes for a thing a question names otherwise: standards, laws and their short forms. */
const EQUIVALENTS: Array<[string, string]> = [
  ["soc ii", "soc 2"],
  ["soc2", "soc 2"],
  ["soc i", "soc 1"],
  ["general data protection regulation", "gdpr"],
  ["dsgvo", "gdpr"],
  ["iso/iec 27001", "iso 27001"],
  ["iso27001", "iso 27001"],
  ["health insurance portability and accountability act", "hipaa"],
  ["payment card industry", "pci"],
  ["pci-dss", "pci dss"],
  ["single sign-on", "sso"],
  ["single sign on", "sso"],
  ["two-factor", "2fa"],
  ["two factor", "2fa"],
  ["multi-factor", "mfa"],
  ["multi factor", "mfa"],
  ["open source", "open-source"],
  ["application programming interface", "api"],
  ["artificial intelligence", "ai"],
  ["european union", "eu"],
  ["united states", "us"],
  ["united kingdom", "uk"],
  ["non-profit", "nonprofit"],
  ["not-for-profit", "nonprofit"],
  ["not for profit", "nonprofit"],
];

/** A text with titles and named things in one form: "Chief Technology Officer" and "CTO" read alike. */
export function canonicalTerms(text: string): string {
  let canonical = ` ${normalizeForMatch(text)
    .replace(/\be-mail/g, "email")
    .replace(/'s\b/g, "")
    .replace(/[^\p{L}\p{N}/-]+/gu, " ")} `;
  for (const [long, short] of [...TITLES, ...EQUIVALENTS]) {
    canonical = canonical.split(` ${long} `).join(` ${short.replace(/\s+/g, "")} `);
  }
  for (const [, short] of EQUIVALENTS) {
    canonical = canonical.split(` ${short} `).join(` ${short.replace(/\s+/g, "")} `);
  }
  return canonical.replace(/\s+/g, " ").trim();
}

/** Words of a question that say nothing of what is asked. */
const QUESTION_WORDS = new Set(
  (
    "a an the of to in on for at by with from as and or but is are was were be been being it its this that these those " +
    "there their they them he she his her hers him we our us you your what which who whom whose when where why how does do " +
    "did has have had can could will would should may might any some all each per via about into than then also " +
    "company companys organisation organization firm business person currently current still ever yet more most much " +
    "many give gives get gets today now name named called list exact exactly full official main primary kind type one " +
    "work works working role position job title responsible responsibility doing describe tell say says said know known " +
    "number amount year date time city country address behind use uses used using since"
  ).split(" "),
);

/** Stems of a text's words, titles and named things in one form. */
function stemsOf(text: string): string[] {
  return canonicalTerms(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 || /\d/.test(word))
    .map(stem);
}

function subjectStemsOf(terms: readonly string[]): Set<string> {
  return new Set(terms.flatMap((term) => stemsOf(term)));
}

/** Whether two stems are one word: equal, or sharing five letters ("certified" and "certification"). */
function sameWord(left: string, right: string): boolean {
  if (left === right) return true;
  if (left.length >= 5 && right.length >= 5 && left.slice(0, 5) === right.slice(0, 5)) return true;
  // An ending the light stemmer leaves on: "move" and "moved", "list" and "listed".
  const [short, long] = left.length < right.length ? [left, right] : [right, left];
  return short.length >= 4 && long.startsWith(short) && long.length - short.length <= 2 && !/\d/.test(long);
}

/** One word of what a question asks, as a stem, with the stems of the words pages use for it. */
export interface TopicWord {
  word: string;
  aliases: string[];
}

const TITLE_SHORT_FORMS = new Set(TITLES.map(([, short]) => short));

/** Words a statement uses for what a question asks with another word, beyond those ranking knows. */
const STATED_AS: Record<string, string> = {
  join: "joined joining added since started hired member",
  joined: "join added since started hired member",
  refer: "short stands means named",
  told: "notified informed",
  notified: "told informed",
  breach: "incident",
  leaked: "leak exposed",
  start: "started since joined began",
  began: "started since",
  acquired: "acquisition bought",
  headquartered: "headquarters hq based",
  located: "based headquarters",
  experience: "years",
};

function topicWord(raw: string): TopicWord {
  // A title is its title: "technical" on a page is not "CTO".
  const related = [...relatedWords(raw), ...(STATED_AS[raw]?.split(" ") ?? [])];
  const aliases = TITLE_SHORT_FORMS.has(raw) ? [] : related.flatMap((other) => stemsOf(other));
  return { word: stem(raw), aliases };
}

/** The question's topic: its content words, the subject's names and question words left out. */
export function topicOf(question: string, subjectTerms: readonly string[]): TopicWord[] {
  const subject = subjectStemsOf(subjectTerms);
  // Words that point at the subject are not what is asked: "the person with this e-mail address".
  const asked = question
    .replace(/\([^)]*\)/g, " ")
    .replace(
      /\b(?:with|at|of|behind) (?:this|that|the given) (?:e-?mail(?: address)?|domain|website|site|company|person)\b/gi,
      " ",
    );
  const words = canonicalTerms(asked)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => (word.length > 1 || /\d/.test(word)) && !QUESTION_WORDS.has(word));
  const topic = new Map<string, TopicWord>();
  for (const word of words) {
    const entry = topicWord(word);
    if (!subject.has(entry.word) && !topic.has(entry.word)) topic.set(entry.word, entry);
  }
  return [...topic.values()];
}

/** Whether a list of stems speaks of a topic word: the word itself, or a word pages use for it. */
function speaksOf(stems: readonly string[], topic: TopicWord): boolean {
  return stems.some((other) => sameWord(topic.word, other) || topic.aliases.some((alias) => sameWord(alias, other)));
}

/** Of the topic's words, those a quote speaks of. */
function topicFound(topic: readonly TopicWord[], quote: string): TopicWord[] {
  const quoteStems = stemsOf(quote);
  return topic.filter((entry) => speaksOf(quoteStems, entry));
}

/** What a count counts: the words right after "how many" or "number of". */
function countedWords(question: string, subjectTerms: readonly string[]): TopicWord[] {
  const match = /\b(?:how many|number of|count of)\s+((?:[\p{L}-]+\s*){1,3})/iu.exec(question);
  if (!match) return [];
  const subject = subjectStemsOf(subjectTerms);
  const words = (match[1] ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word && !QUESTION_WORDS.has(word) && !/^(?:do|does|did|are|is|were|was|have|has)$/.test(word));
  // The counted noun is the first word (or two, "board seats").
  return words
    .slice(0, 2)
    .map(topicWord)
    .filter((entry) => !subject.has(entry.word));
}

const TIME_UNITS =
  /^\+?\s*(?:-\s*)?(?:business |working |calendar )?(?:days?|weeks?|months?|years?|yrs?|hours?|hrs?|minutes?|mins?|seconds?|quarters?|h|d)\b/i;

/** The words of a text around a character range: `before` words before it, `after` words after it. */
function wordsAround(text: string, start: number, end: number, before: number, after: number): string[] {
  const head =
    before === 0
      ? []
      : text
          .slice(0, start)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean)
          .slice(-before);
  const tail = text
    .slice(end)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, after);
  return [...head, ...tail];
}

/** Whether a number mention is stated as the kind asked, in its quote. */
function mentionFits(mention: NumberMention, quote: string, kind: AnswerKind, counted: readonly TopicWord[]): boolean {
  if (mention.insideToken) return false;
  switch (kind) {
    case "year":
      return mention.yearLike;
    case "percentage":
      return mention.percent;
    case "duration":
      return TIME_UNITS.test(quote.slice(mention.end, mention.end + 24));
    case "money":
      return !mention.yearLike && !mention.percent && (mention.currency || mention.scaled);
    case "count": {
      if (mention.percent || mention.currency) return false;
      if (counted.length === 0) return !mention.yearLike;
      // A year is a count only with what it counts right after it: "2000 employees", not "in 2025 the board".
      if (mention.yearLike) {
        const after = wordsAround(quote, mention.start, mention.end, 0, 2).flatMap((word) => stemsOf(word));
        return counted.some((entry) => speaksOf(after, entry));
      }
      // A count stands next to what it counts: "a team of five", "120 employees", "Employees: 120".
      const near = wordsAround(quote, mention.start, mention.end, 5, 4).flatMap((word) => stemsOf(word));
      return counted.some((entry) => speaksOf(near, entry));
    }
    default:
      return !mention.yearLike || /\byear\b/.test(kind);
  }
}

/** Whether a text looks like a postal address: a street number, a postcode, or a country. */
function looksLikeAddress(text: string): boolean {
  return (
    /\b\d{1,5}[a-z]?\s+\p{L}+/iu.test(text) ||
    /\b\d{4,6}\b/.test(text) ||
    /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/.test(text) ||
    namesPlace(text)
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a text answer looks like a name: a few words, capitalised, no digits, not a sentence. */
function looksLikeName(value: string, maxWords: number): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > maxWords || /\d/.test(value)) return false;
  const capitalised = words.filter(
    (word) => /^[\p{Lu}\p{Lt}]/u.test(word) || /^(?:van|von|de|der|da|di|del|la|le|bin|al)$/.test(word),
  );
  return capitalised.length >= Math.ceil(words.length * 0.6) && !/[.!?]$/.test(value.trim());
}

/** Pronouns that refer back to a person named just before. */
const PRONOUNS = /\b(?:he|she|they|him|her|his|hers|their|them)\b/i;

/** Words of a question that ask about the person's company rather than the person. */
const ABOUT_COMPANY =
  /\b(?:her|his|their|the person's) (?:company|employer|organi[sz]ation|firm|startup)\b|\bcompany\b/i;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where a quote starts in a text, found by its first words whatever lies between them; -1 when not found. */
function quoteStart(text: string, quote: string): number {
  const first = quote
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 4);
  if (first.length === 0) return -1;
  const pattern = new RegExp(first.map(escapeRegExp).join("[^\\p{L}\\p{N}]+"), "iu");
  return pattern.exec(text)?.index ?? -1;
}

/**
 * The sentence just before a quote, within its line: "we run X on each push" goes on from a
 * sentence about leaked secrets. Another line (a neighbour's card or row) is not its lead-in.
 */
function leadIn(text: string, quote: string, lines = 0): string {
  const at = quoteStart(text, quote);
  if (at <= 0) return "";
  let from = text.lastIndexOf("\n", at - 1);
  for (let more = lines; more > 0 && from > 0; more -= 1) from = text.lastIndexOf("\n", from - 1);
  const line = text.slice(from + 1, at);
  return line
    .split(/(?<=[.!?])\s+/)
    .slice(-2 - lines)
    .join(" ")
    .slice(-400);
}

/** The line of a text a quote is on. */
function lineOf(text: string, quote: string): { line: string; index: number; lines: string[] } | null {
  const at = quoteStart(text, quote);
  if (at < 0) return null;
  const lines = text.split("\n");
  let offset = 0;
  for (const [index, line] of lines.entries()) {
    if (at < offset + line.length + 1) return { line, index, lines };
    offset += line.length + 1;
  }
  return null;
}

const cellsOf = (line: string) => line.split(" | ").map((cell) => cell.trim());

/**
 * When a quote is a row of a table, the column that holds the answer and the table's header: the
 * topmost line of the run of rows with as many cells. Null when the quote is not a row, or the
 * table has no header above it.
 */
function tableColumns(passageText: string, quote: string, holdsValue: (cell: string) => boolean) {
  const found = lineOf(passageText, quote);
  if (!found?.line.includes(" | ")) return null;
  const row = cellsOf(found.line);
  let top = found.index;
  while (top > 0 && cellsOf(found.lines[top - 1] ?? "").length === row.length) top -= 1;
  if (top === found.index) return null;
  const header = cellsOf(found.lines[top] ?? "");
  const columns = row.flatMap((cell, index) => (holdsValue(cell) ? [header[index] ?? ""] : []));
  return columns.length > 0 ? { header, columns } : null;
}

/**
 * Whether the quote speaks of the person: it names them, it refers back ("she", "his") to them
 * named just before, or it is in the first person on a page that names them (their own post).
 */
function namesPerson(
  person: PersonIdentity,
  evidence: Pick<AnsweringQuote, "quote" | "passageText" | "pageText" | "pageTitle">,
): boolean {
  const names = [person.fullName, person.firstName, person.fullName?.split(/\s+/).slice(-1)[0] ?? null].filter(
    (name): name is string => !!name && name.length > 1,
  );
  const named = (text: string) => names.some((name) => containsWhole(normalizeForMatch(text), normalizeForMatch(name)));
  if (named(evidence.quote)) return true;
  // A quote from the middle of a sentence whose start names them: "Jane Doe ... works from Berlin".
  const sentenceStart =
    leadIn(evidence.passageText, evidence.quote)
      .split(/(?<=[.!?])\s+/)
      .pop() ?? "";
  if (named(sentenceStart)) return true;
  if (PRONOUNS.test(evidence.quote)) {
    // "His research ..." under a heading or a line that names him.
    return (
      named(leadIn(evidence.passageText, evidence.quote, 1)) ||
      named(leadIn(evidence.pageText ?? "", evidence.quote, 1))
    );
  }
  if (/\b(?:i|my|me)\b/i.test(evidence.quote))
    return named(`${evidence.pageTitle ?? ""} ${evidence.pageText ?? evidence.passageText}`);
  return false;
}

/** Words that put another organisation in the sentence: a partner's, customer's or competitor's statement. */
const OTHER_PARTY =
  /\b(?:partner|partners|customer|customers|client|clients|competitor|competitors|sponsor|sponsors|vendor|vendors|supplier|suppliers|provider|providers|subprocessor|subprocessors|integration|integrations|reseller|resellers|member|members|portfolio)\b/i;

/** Whether a quote names the subject (any of its names as whole words, or its domain). */
function namesSubject(subjectTerms: readonly string[], quote: string): boolean {
  const text = normalizeForMatch(quote);
  return subjectTerms.some((term) => {
    const name = normalizeForMatch(term)
      .replace(/^https?:\/\//, "")
      .replace(/^www\./, "");
    if (name.length < 2) return false;
    if (containsWhole(text, name)) return true;
    // The name without its legal form or domain ending: "Example" for "Example, Inc." or "example.com".
    const short = name
      .replace(/\.[a-z]{2,}$/, "")
      .replace(
        /[,.]?\s+(?:inc|llc|ltd|gmbh|ag|sa|sas|bv|oy|oü|ou|ab|as|plc|co|corp|corporation|limited|foundation)\.?$/i,
        "",
      )
      .trim();
    return short.length > 2 && containsWhole(text, short);
  });
}

const LEGAL_FORM =
  /[,\s](?:inc|llc|ltd|limited|gmbh|ag|sa|sas|sarl|bv|nv|oy|oü|ab|as|aps|plc|corp|corporation|pbc|lp|llp|pty|kg|ug|se|srl|spa)\.?(?:\s|$)/i;

/** Whether one cell of a row states the answer. */
function cellStates(asked: AskedQuestion, cell: string): boolean {
  const { value } = asked;
  if (value === null || typeof value === "boolean" || Array.isArray(value)) return false;
  if (asked.type === "NUMBER") return mentionsOf(cell, Number(value)).length > 0;
  if (asked.type === "DATE") return readDates(cell).some((date) => dateStates(date, String(value)));
  return containsWhole(normalizeForMatch(cell), normalizeForMatch(String(value)));
}

/** Normal form of a URL: no scheme, no `www.`, no trailing slash, lower-case. */
function urlKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname.replace(/^www\./, "")}${parsed.pathname.replace(/\/+$/, "")}${parsed.search}`.toLowerCase();
  } catch {
    return url
      .replace(/^https?:\/\//i, "")
      .replace(/^www\./, "")
      .replace(/\/+$/, "")
      .toLowerCase();
  }
}

/** Questions whose answer may be the page itself: "which page", "where can I read", "the announcement". */
const ASKS_FOR_PAGE =
  /\b(?:page|pages|post|article|announcement|blog|documentation|docs|guide|policy|handbook|faq|changelog|press release|where can (?:i|we|one) (?:read|find|see|learn))\b/i;

/**
 * Whether a quote that states the answer also answers *this* question about *this* subject: the
 * answer is of the kind the question asks for and the quote states it as that kind (a count next
 * to what it counts, money with its currency or scale, a year only where a year is asked, a number
 * never read out of a word or a code); the quote speaks of what is asked (its words, the words
 * pages use for them, titles and their abbreviations); a URL is in the quote or a link inside it,
 * the page's own address only when a page is asked for; for a person, the quote names them or
 * follows a sentence that does; a yes or no is not another organisation's statement. Deterministic,
 * no model call: every reason is one a reader can check against the quote.
 */
export function answersQuestion(asked: AskedQuestion, evidence: AnsweringQuote): QuestionCheck {
  const { kind, value, question } = asked;
  const quote = evidence.quote;
  const topic = topicOf(question, asked.subjectTerms);
  // A quote goes on from the sentence before it: "we run X on each push" after one about leaked secrets.
  // The page's title says what the page is about: a customer quote on a page about web analytics.
  const found = topicFound(topic, `${evidence.pageTitle ?? ""} ${leadIn(evidence.passageText, quote)} ${quote}`);
  const topicShare = topic.length === 0 ? 1 : found.length / topic.length;
  const subjectNamed = asked.person
    ? namesPerson(asked.person, { quote, passageText: "" })
    : namesSubject(asked.subjectTerms, quote);
  let kindShown = false;

  // The person asked about must be the one the quote speaks of.
  if (asked.person && !ABOUT_COMPANY.test(question) && !namesPerson(asked.person, evidence)) {
    return {
      holds: false,
      reason: `the quote does not name ${asked.person.fullName ?? asked.person.firstName ?? "the person"}`,
    };
  }

  const text = typeof value === "string" ? value.trim() : "";
  switch (kind) {
    case "email":
      if (!EMAIL.test(text)) return { holds: false, reason: `"${text}" is not an e-mail address` };
      kindShown = true;
      break;
    case "phone":
      if (text.replace(/\D/g, "").length < 6) return { holds: false, reason: `"${text}" is not a phone number` };
      kindShown = true;
      break;
    case "identifier":
      if (!/\d/.test(text) || text.split(/\s+/).length > 6)
        return { holds: false, reason: `"${text}" is not an identifier or a number` };
      kindShown = true;
      break;
    case "address":
      if (!/\d/.test(text) && !namesPlace(text)) return { holds: false, reason: `"${text}" is not a postal address` };
      kindShown = true;
      break;
    case "country":
      if (countryFromLocation(text).countryCode === null && countryFromLocation(`x, ${text}`).countryCode === null)
        return { holds: false, reason: `"${text}" is not a country` };
      kindShown = true;
      break;
    case "city":
      if (!looksLikeName(text, 4)) return { holds: false, reason: `"${text}" is not the name of a place` };
      // An address, or the place after "in", "from" or "based in": "leads the team from Berlin".
      kindShown =
        looksLikeAddress(quote) ||
        new RegExp(`\\b(?:in|from|at|near|based|located|headquartered)\\s+${escapeRegExp(text)}\\b`, "iu").test(quote);
      break;
    case "person":
      if (!looksLikeName(text, 5)) return { holds: false, reason: `"${text}" is not a person's name` };
      break;
    case "organisation":
      if (!looksLikeName(text, 8) && !/\p{Lu}/u.test(text.slice(0, 1)))
        return { holds: false, reason: `"${text}" is not an organisation's name` };
      // A legal form names the entity: "Example Inc.", "Example GmbH".
      kindShown = LEGAL_FORM.test(text);
      break;
    case "year":
    case "date":
    case "money":
    case "count":
    case "percentage":
    case "duration":
    case "number": {
      if (asked.type === "DATE") {
        if (readDates(quote).length === 0) return { holds: false, reason: "the quote states no date" };
        break;
      }
      if (asked.type !== "NUMBER") break;
      const number = typeof value === "number" ? value : Number(value);
      const counted = kind === "count" ? countedWords(question, asked.subjectTerms) : [];
      const mentions = mentionsOf(quote, number);
      // Stated only as part of a larger figure or a name: 3 out of "3M", 1.5 out of "$1.5M".
      if (mentions.length === 0) return { holds: false, reason: `the quote does not state ${value} as written` };
      if (!mentions.some((mention) => mentionFits(mention, quote, kind, counted))) {
        const shown = mentions[0]!;
        const reason = shown.insideToken
          ? `the quote's ${value} is part of a name or a code`
          : shown.yearLike && kind !== "year"
            ? `the quote's ${value} is a year, not ${kind === "money" ? "an amount" : `a ${kind}`}`
            : kind === "count" && counted.length > 0
              ? `the quote does not state ${value} as a count of ${counted.map((entry) => entry.word).join(" ")}`
              : kind === "money"
                ? `the quote does not state ${value} as an amount of money`
                : `the quote does not state ${value} as a ${kind}`;
        return { holds: false, reason };
      }
      kindShown = kind !== "number";
      break;
    }
    case "url": {
      const wanted = urlKey(text);
      const inQuote = normalizeForMatch(quote).includes(wanted.replace(/\/$/, ""));
      const linked = evidence.links.some(
        (link) =>
          urlKey(link.url) === wanted &&
          link.text.trim() !== "" &&
          normalizeForMatch(quote).includes(normalizeForMatch(link.text)),
      );
      if (!inQuote && !linked && !(urlKey(evidence.url) === wanted && ASKS_FOR_PAGE.test(question)))
        return { holds: false, reason: `the quote neither gives nor links ${text}` };
      kindShown = inQuote || linked;
      break;
    }
    case "yes-no":
      // A statement of a partner, customer or competitor is not one of the subject.
      if (OTHER_PARTY.test(quote) && !subjectNamed)
        return { holds: false, reason: "the quote speaks of another organisation, not the subject" };
      break;
    default:
      break;
  }

  // A row of a table answers with the column whose header is what is asked ("Founded", not "Date added").
  const table = tableColumns(evidence.passageText, quote, (cell) => cellStates(asked, cell));
  if (table && topic.length > 0) {
    const fits = (label: string) => topicFound(topic, label).length > 0;
    if (table.columns.some(fits)) return { holds: true, subjectNamed, topicShare: 1, kindShown: true };
    const wanted = table.header.find(fits);
    if (wanted)
      return {
        holds: false,
        reason: `the row gives ${text || String(value)} under "${table.columns[0]}", not under "${wanted}"`,
      };
  }

  // The quote must speak of what is asked, unless its kind shows it already (an address, an e-mail).
  const needed = kindShown || topic.length === 0 ? 0 : 1;
  if (found.length < needed && kind !== "yes-no" && kind !== "option")
    return {
      holds: false,
      reason: `the quote does not speak of ${
        topic
          .filter((entry) => !found.includes(entry))
          .map((entry) => entry.word)
          .join(", ") || "what is asked"
      }`,
    };
  return { holds: true, subjectNamed, topicShare, kindShown };
}
