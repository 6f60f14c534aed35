import type { AnswerValue, ResponseType } from "@dossier/contract";
import { relatedWords } from "../rank/question-terms.js";
import { stem } from "../rank/tokenize.js";
import { containsWhole, normalizeForMatch } from "./quote-matches.js";
import { dateStates, readDates } from "./read-dates.js";
import { NUMBER_WORDS, readNumbers, sameNumber } from "./read-numbers.js";
import { shareFiveLetters } from "./same-word.js";

/** A quote with the page it comes from, as verification knows it. */
export interface QuoteEvidence {
  quote: string;
  /** URL of the page (or search result) the quote is on. */
  url: string;
  /** Links of that page, for URL answers a link's text stands for. */
  links?: ReadonlyArray<{ url: string; text: string }>;
}

/** Whether the evidence states the answer, and if not, why not in words a caller understands. */
export type Support = { stated: true } | { stated: false; reason: string };

/** What the answer must be checked against besides the quotes. */
export interface AnswerClaim {
  type: ResponseType;
  value: AnswerValue;
  question: string;
  options: readonly string[];
  /** Names of the subject: said everywhere, they prove nothing about the answer. */
  subjectTerms: readonly string[];
  /** Today, against which a span a quote gives has ended or not. Default now. */
  now?: Date;
}

const STOP = new Set(
  (
    "a an the of to in on for at by with from as and or but is are was were be been being it its this that these those " +
    "there their they them he she his her we our us you your what which who whom whose when where why how does do did has " +
    "have had can could will would should may might shall any some all each per via about into than then also not no yes " +
    "company person firm business organisation organization offer offers provide provides use uses using support supports " +
    "currently still ever yet more most much many give gives get gets allow allows let lets make makes today now"
  ).split(" "),
);

/** Words that turn a statement about what follows them into its opposite. */
const NEGATIONS = new Set([
  "no",
  "not",
  "never",
  "without",
  "none",
  "neither",
  "nor",
  "cannot",
  "cant",
  "dont",
  "doesnt",
  "didnt",
  "isnt",
  "arent",
  "wasnt",
  "werent",
  "wont",
  "hasnt",
  "havent",
  "lack",
  "lacks",
  "nothing",
  "zero",
]);

/** Lowercase word tokens, apostrophes folded so that "don't" is one word, letters and digits apart ("soc2"). */
function tokens(text: string): string[] {
  return normalizeForMatch(text)
    .replace(/n't\b/g, "nt")
    .replace(/'s\b/g, "")
    .replace(/'/g, "")
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, "$1$3 $2$4")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Content words as stems: what a text is about, stop words and the subject's names left out. */
function contentStems(text: string, subjectStems: ReadonlySet<string>): string[] {
  return [
    ...new Set(
      tokens(text)
        .filter((word) => !STOP.has(word))
        .map(stem),
    ),
  ].filter((word) => !subjectStems.has(word));
}

function subjectStemsOf(terms: readonly string[]): Set<string> {
  return new Set(terms.flatMap((term) => tokens(term).map(stem)));
}

/** The initials of the subject's names of several capitalised words: "AL" for "Acme Labs". */
function subjectInitials(terms: readonly string[]): Set<string> {
  return new Set(
    terms.flatMap((term) => {
      const words = term.split(/\s+/).filter(Boolean);
      return words.length >= 2 && words.every((word) => /^\p{Lu}/u.test(word))
        ? [words.map((word) => word[0]).join("")]
        : [];
    }),
  );
}

/** Whether two stems are one word: equal, or sharing five letters (see {@link shareFiveLetters}). */
function sameWord(left: string, right: string): boolean {
  return left === right || shareFiveLetters(left, right);
}

/** Share of `words` found among `among`, numbers required outright. */
function shareFound(words: readonly string[], among: readonly string[]): number {
  if (words.length === 0) return 1;
  let found = 0;
  for (const word of words) {
    const present = among.some((other) => (/\d/.test(word) ? other === word : sameWord(word, other)));
    if (present) found += 1;
    else if (/\d/.test(word)) return 0;
  }
  return found / words.length;
}

/** The initials of an option's capitalised words ("General Services Administration" gives "gsa"). */
function initialsOf(text: string): string | null {
  const words = text.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word));
  return words.length >= 2
    ? words
        .map((word) => word[0])
        .join("")
        .toLowerCase()
    : null;
}

/** Whether the quote spells out an acronym option: "AWS" and "Amazon Web Services". */
function spellsOut(acronym: string, quote: string): boolean {
  if (!/^\p{Lu}{2,6}$/u.test(acronym)) return false;
  const words = quote.split(/[^\p{L}]+/u).filter(Boolean);
  const wanted = acronym.toLowerCase();
  for (let start = 0; start + wanted.length <= words.length; start += 1) {
    const run = words.slice(start, start + wanted.length);
    if (run.every((word) => /^\p{Lu}/u.test(word)) && run.map((word) => word[0]?.toLowerCase()).join("") === wanted)
      return true;
  }
  return false;
}

/**
 * Whether a text names an option outright: its whole name, its initials ("AWS" for "Amazon Web
 * Services"), or the words its initials stand for. Stricter than `statesOption`, which also takes
 * a share of an option's words.
 */
export function namesOption(option: string, text: string): boolean {
  if (containsWhole(normalizeForMatch(text), normalizeForMatch(option))) return true;
  const initials = initialsOf(option);
  return (initials !== null && tokens(text).includes(initials)) || spellsOut(option.trim(), text);
}

/** Words by which a sentence denies, excepts or dates what it names: "no longer on X", "except Y". */
const DENIES_OR_DATES =
  /\b(?:not|no|never|neither|nor|without|except|excluding|unless|formerly|previously|used to|until|planned|instead)\b|n['’]t\b/i;

/** Where a text names an option outright (its name, its initials, or the words they stand for); null when it does not. */
function optionSpan(option: string, text: string): [number, number] | null {
  const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A word of the option may be written as an owner: "Y Combinator's Continuity Fund" names "Y Combinator Continuity Fund".
  const words = option.trim().split(/\s+/).map(literal).join("(?:['’]s)?\\s+");
  const patterns = [new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, "iu")];
  const initials = initialsOf(option);
  if (initials) patterns.push(new RegExp(`(?<![\\p{L}\\p{N}])${literal(initials)}(?![\\p{L}\\p{N}])`, "iu"));
  if (/^\p{Lu}{2,6}$/u.test(option.trim()))
    patterns.push(new RegExp([...option.trim()].map((letter) => `${letter}[\\p{L}]*`).join("\\s+"), "u"));
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return [match.index, match.index + match[0].length];
  }
  return null;
}

/**
 * Chosen options the quote names only inside a longer option: "Enterprise" where every mention is
 * of "Enterprise Plus". Each is returned with the longer option the quote names instead.
 */
export function optionsOnlyWithin(
  chosen: readonly string[],
  options: readonly string[],
  quote: string,
): Array<{ chosen: string; named: string }> {
  const literal = (value: string) => value.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const whole = (value: string) => new RegExp(`(?<![\\p{L}\\p{N}])${literal(value)}(?![\\p{L}\\p{N}])`, "giu");
  const found: Array<{ chosen: string; named: string }> = [];
  for (const picked of chosen) {
    const longer = options.filter(
      (option) => option !== picked && option.length > picked.length && whole(picked).test(option),
    );
    if (longer.length === 0) continue;
    const covered = new Set<number>();
    for (const option of longer)
      for (const match of quote.matchAll(whole(option)))
        for (let at = match.index ?? 0; at < (match.index ?? 0) + match[0].length; at += 1) covered.add(at);
    const mentions = [...quote.matchAll(whole(picked))];
    const named = longer.find((option) => whole(option).test(quote));
    if (mentions.length > 0 && named && mentions.every((match) => covered.has(match.index ?? 0)))
      found.push({ chosen: picked, named });
  }
  return found;
}

/** What may stand between two items of one list: commas, "and", "or", "as well as", a repeated "on" or "in" (and other items). */
const LIST_JOINT = /^(?:[\s,&]|\b(?:and|or|plus|as well as|on|in|at|with|from|by|to|participation|including)\b)*$/i;

/**
 * The options a list answer leaves out that its quote lists together with the ones it chose:
 * "stored in Google Cloud and Amazon Web Services" answered with Google Cloud alone leaves out AWS.
 * Only an option joined to a chosen one as items of one list (a comma, "and", "or") counts, in a
 * sentence of the quote that denies or dates nothing; "headquarters in Boston and a service hub in
 * Rotterdam" lists two different things.
 */
export function optionsLeftOut(
  chosen: readonly string[],
  options: readonly string[],
  quote: string,
  passageText: string,
): string[] {
  const wanted = normalizeForMatch(quote);
  const sentences = passageText
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}\d"“])/u)
    .map((part) => part.trim())
    .filter((part) => {
      const text = normalizeForMatch(part);
      return text.length > 0 && (wanted.includes(text) || text.includes(wanted));
    })
    .filter((part) => !DENIES_OR_DATES.test(part));
  return options.filter(
    (option) =>
      !chosen.includes(option) &&
      sentences.some((sentence) => {
        const left = optionSpan(option, sentence);
        if (!left) return false;
        return chosen.some((picked) => {
          const right = optionSpan(picked, sentence);
          if (!right) return false;
          let between = left[1] <= right[0] ? sentence.slice(left[1], right[0]) : sentence.slice(right[1], left[0]);
          // Other options may stand between them: "Google Cloud, AWS or Azure".
          for (const other of options) {
            const span = optionSpan(other, between);
            if (span) between = `${between.slice(0, span[0])},${between.slice(span[1])}`;
          }
          return LIST_JOINT.test(between);
        });
      }),
  );
}

/**
 * Whether a quote states an option: the option as written, its initials ("GSA") or spelled out
 * ("Amazon Web Services" for "AWS"), or at least half of its words, one of them a word no other
 * option has ("priced per user" states "Per user (seat-based)" against "Per project").
 */
function statesOption(option: string, quote: string, options: readonly string[]): boolean {
  const text = normalizeForMatch(quote);
  if (containsWhole(text, normalizeForMatch(option))) return true;
  const initials = initialsOf(option);
  if (initials && tokens(quote).includes(initials)) return true;
  if (spellsOut(option.trim(), quote)) return true;
  const words = contentStems(option.replace(/\([^)]*\)/g, " "), new Set());
  if (words.length === 0) return false;
  const quoteWords = tokens(quote).map(stem);
  const found = words.filter((word) => quoteWords.some((other) => sameWord(word, other)));
  const otherWords = options.filter((other) => other !== option).flatMap((other) => contentStems(other, new Set()));
  const distinguishing = found.some((word) => !otherWords.some((other) => sameWord(word, other)));
  return found.length / words.length >= 0.5 && distinguishing;
}

/** Normal form of a URL for comparison: no scheme, no `www.`, no trailing slash, lower-case host. */
export function comparableUrl(url: string): string {
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

/** Words that put a statement in the future or the past: planned, not yet there, or gone. */
const NOT_NOW = new Set(
  (
    "planned roadmap upcoming soon future later eventually pending removed replaced discontinued " +
    "deprecated retired sunset sunsetted closed ended expired cancelled canceled suspended paused"
  ).split(" "),
);

/** Words that forbid what follows in their sentence ("You may not", "is prohibited"). */
const PROHIBITIONS = new Set(["prohibited", "forbidden", "disallowed", "banned"]);
const AUXILIARIES = new Set([
  "may",
  "can",
  "must",
  "should",
  "will",
  "could",
  "would",
  "might",
  "are",
  "is",
  "do",
  "does",
  "did",
  "was",
  "were",
]);

/** Pairs of words of opposite meaning: a quote with one answers a question asked with the other, in the negative. */
const OPPOSITES: Array<[string, string]> = [
  ["public", "private"],
  ["free", "paid"],
  ["open", "closed"],
  ["remote", "onsite"],
  ["available", "unavailable"],
  ["profitable", "unprofitable"],
  ["active", "inactive"],
  ["compliant", "noncompliant"],
  ["certified", "uncertified"],
  ["accept", "closed"],
];

function oppositeStems(word: string): string[] {
  return OPPOSITES.flatMap(([left, right]) =>
    sameWord(stem(left), word) ? [stem(right)] : sameWord(stem(right), word) ? [stem(left)] : [],
  );
}

/** A quote's sentences (split where a sentence ends, not at "e.g."), each as word tokens with clause marks kept. */
function sentences(quote: string): string[][] {
  return normalizeForMatch(quote)
    .replace(/n't\b/g, " not")
    .replace(/'s\b/g, "")
    .replace(/'/g, "")
    .split(/[.;!?](?=\s+\p{Lu}|\s*$)|[.;!?]\s+(?=\p{Ll}{2,}\s)/u)
    .map((sentence) =>
      sentence
        .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, "$1$3 $2$4")
        .split(/(\s+|[,:()—–/]+)/u)
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    );
}

const isWord = (token: string) => /[\p{L}\p{N}]/u.test(token);
const bare = (token: string) => token.replace(/[^\p{L}\p{N}]/gu, "");

/**
 * What a quote says of the question's topic words: which it mentions (directly, by a related word
 * a page would use, by initials such as "PTO" for "paid time off", or by an opposite), and whether
 * it denies them: a negation within four words before one in the same clause ("We don't have a
 * free plan", "no outside investors"), a negated or forbidding verb earlier in the sentence ("You
 * may not use ..."), a word that puts it in the future or the past ("planned", "removed"), or an
 * opposite ("privately held" for "publicly traded").
 */
/** Words that open a clause of its own: a denial before them does not reach past them. */
const CLAUSE_OPENERS = new Set(["that", "which", "who", "whom", "whose", "where", "when", "because", "whereas"]);

function readTopic(quote: string, topic: readonly string[]): { mentioned: Set<string>; negated: boolean } {
  const mentioned = new Set<string>();
  let negated = false;
  const related = new Map(topic.map((word) => [word, tokens(relatedWords(word).join(" ")).map(stem)]));
  // Only words the page writes in capitals are initials ("PTO"); "to" is not "time off".
  const acronyms = new Set((quote.match(/\b\p{Lu}{2,6}\b/gu) ?? []).map((word) => word.toLowerCase()));
  for (const words of sentences(quote)) {
    const stems = words.map((word) => (isWord(word) ? stem(bare(word)) : ""));
    /**
     * Whether the sentence has denied and no clause of its own has opened since: "we never keep
     * your card numbers", not "their old vendor could no longer meet the rules that apply here".
     */
    let denying = false;
    let mentionedHere = false;
    // Where a word of the topic was last met in the clause: a denial right after it denies it too.
    let mentionInClause = false;
    let lastMention = -1;
    for (const [index, word] of words.entries()) {
      if (!isWord(word)) {
        if (/[,:;—–(]/.test(word)) mentionInClause = false;
        continue;
      }
      const token = bare(word);
      if (token === "but" || token === "however" || token === "while" || token === "whereas") mentionInClause = false;
      if (CLAUSE_OPENERS.has(token)) denying = false;
      const denies =
        PROHIBITIONS.has(token) ||
        (token === "not" && index > 0 && AUXILIARIES.has(bare(words[index - 1] ?? ""))) ||
        (token === "longer" && bare(words[index - 1] ?? "") === "no");
      if (NOT_NOW.has(token) || denies) denying = true;
      // "Pets are not permitted", "personal e-mail addresses are not supported": within a few
      // words, not "a kind of visa that the embassy does not issue".
      const wordsSince = words.slice(lastMention + 1, index).filter(isWord).length;
      if (denies && mentionInClause && wordsSince <= 3) negated = true;
      // "non-refundable", "unlisted": a word of the topic with a prefix that denies it.
      // The question's own "non-sales" is no denial of it.
      const prefixed = topic.some((candidate) => candidate === "non" || sameWord(candidate, stem(token)))
        ? undefined
        : /^(?:non-?|un)(\p{L}{4,})$/u.exec(token)?.[1];
      if (prefixed && topic.some((candidate) => sameWord(candidate, stem(prefixed)))) {
        for (const candidate of topic.filter((entry) => sameWord(entry, stem(prefixed)))) mentioned.add(candidate);
        mentionedHere = true;
        mentionInClause = true;
        lastMention = index;
        negated = true;
        continue;
      }
      const current = stems[index] ?? "";
      // A hyphenated word speaks of each of its parts as the question's words do ("Co-founder" of "co-founder").
      const forms = word.includes("-")
        ? [
            current,
            ...word
              .split("-")
              .filter(isWord)
              .map((part) => stem(bare(part))),
          ]
        : [current];
      let hits = topic.filter((candidate) =>
        forms.some(
          (form) =>
            sameWord(candidate, form) ||
            sameNumberWord(candidate, form) ||
            (related.get(candidate) ?? []).some((other) => sameWord(other, form)),
        ),
      );
      const opposite = topic.filter((candidate) => oppositeStems(candidate).some((other) => sameWord(other, current)));
      // Initials of consecutive topic words: "PTO" for "paid time off".
      for (let start = 0; start < topic.length && acronyms.has(token); start += 1) {
        const run = topic.slice(start, start + token.length);
        if (run.length === token.length && run.map((part) => part[0]).join("") === token) hits = [...hits, ...run];
      }
      if (hits.length === 0 && opposite.length === 0) continue;
      mentionedHere = true;
      mentionInClause = true;
      lastMention = index;
      for (const hit of [...hits, ...opposite]) mentioned.add(hit);
      if (opposite.length > 0) negated = true;
      if (denying) negated = true;
      for (let back = index - 1, seen = 0; back >= 0 && seen < 4; back -= 1) {
        const previous = words[back] ?? "";
        if (!isWord(previous)) break;
        if (previous === "but" || previous === "however") break;
        if (NEGATIONS.has(bare(previous))) negated = true;
        seen += 1;
      }
    }
    // A word that denies may come after the topic too: "HIPAA Status: Planned", "applications are closed".
    if (mentionedHere && words.some((word) => NOT_NOW.has(bare(word)))) negated = true;
  }
  return { mentioned, negated };
}

/** Whether one word is a number the other writes in digits: "three" and "3" ("three-shift" and "3-shift"). */
function sameNumberWord(left: string, right: string): boolean {
  const [word, digits] = /^\d+$/.test(left) ? [right, left] : [left, right];
  return /^\d+$/.test(digits) && NUMBER_WORDS[word] === Number(digits);
}

/**
 * The quote with what it spells out of the question's initials written as them: "owned by an Employee
 * Stock Ownership Plan" reads as "owned by an ESOP" when the question asks "Is it owned by an ESOP?".
 */
function withInitials(quote: string, question: string, subjectTerms: readonly string[]): string {
  let read = quote;
  // The subject's own initials are not read in its name: naming the subject is not stating what is asked.
  const own = subjectInitials(subjectTerms);
  for (const acronym of new Set(question.match(/(?<![\p{L}\p{N}])\p{Lu}{2,6}(?![\p{L}\p{N}])/gu) ?? [])) {
    if (own.has(acronym)) continue;
    const run = new RegExp(
      `(?<![\\p{L}\\p{N}])${[...acronym].map((letter) => `${letter}[\\p{Ll}]+`).join("\\s+")}(?![\\p{L}\\p{N}])`,
      "gu",
    );
    read = read.replace(run, acronym);
  }
  return read;
}

/** The question's topic words, and of those the specific ones: names, numbers, rare words. */
function questionTopic(asked: string, subjectStems: ReadonlySet<string>): { topic: string[]; specific: string[] } {
  // A bracketed aside ("FICO (Fair Isaac)") names the subject again; it is not what is asked.
  const question = asked.replace(/\([^)]*\)/g, " ");
  const topic = contentStems(question, subjectStems);
  const specific = question
    .split(/\s+/)
    .slice(1)
    .filter((word) => /^\p{Lu}|\d/u.test(word))
    .flatMap((word) => tokens(word).map(stem))
    .filter((word) => topic.includes(word));
  return { topic, specific: [...new Set(specific)] };
}

/**
 * Nouns that name what a person is in an organisation: a question that asks whether someone is one
 * ("Is Jane Roe a board director of Acme?") is answered only by a quote that calls them that, not by
 * a title that shares a word ("Board Advisor", "Head of Design" for a designer).
 */
const ROLE_NOUNS = new Set(
  (
    "director designer engineer developer programmer founder officer president chair chairman chairwoman " +
    "chairperson manager advisor adviser observer trustee secretary treasurer architect scientist researcher " +
    "analyst consultant recruiter executive counsel attorney lawyer principal associate intern editor writer " +
    "producer professor lecturer fellow coordinator specialist administrator accountant marketer strategist " +
    "lead head maintainer evangelist governor technician auditor controller economist journalist reporter " +
    "photographer illustrator"
  ).split(" "),
);

/** Titles written as their initials, and what they stand for. */
const TITLE_INITIALS: Record<string, string> = {
  ceo: "chief executive officer",
  cto: "chief technology officer",
  cfo: "chief financial officer",
  coo: "chief operating officer",
  cmo: "chief marketing officer",
  cio: "chief information officer",
  cpo: "chief product officer",
  ciso: "chief information security officer",
  vp: "vice president",
  svp: "senior vice president",
  evp: "executive vice president",
  gm: "general manager",
  md: "managing director",
};

/** A title's words, initials spelled out, "co-founder" as "founder" (a co-founder is a founder), lower-case. */
function titleWords(text: string): string[] {
  return tokens(text.replace(/\bco[-\s]?(?=found)/gi, ""))
    .flatMap((word) => (TITLE_INITIALS[word] ?? word).split(" "))
    .filter(Boolean);
}

/**
 * The role a yes-or-no question asks a subject to hold ("Is Jane Roe a board director of Acme?" asks
 * "board director"): its head noun and the words before it, or null when the question asks something
 * else or its noun is not a role ("Is Acme a gold sponsor?").
 */
export function roleAsked(question: string): { head: string; modifiers: string[] } | null {
  const match =
    /^(?:is|was|are|were)\s+.+?\s+(?:a|an|the|one of the)\s+(.+?)(?:\s+(?:of|at|for|in|on|with|from|to|and|who|that|which)\b.*)?\s*\?*$/i.exec(
      question
        .replace(/\([^)]*\)/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
  // "Acme's chief technology officer": the owner before "'s" is the organisation, not part of the title.
  const phrase = match?.[1]?.split(/['’]s\s+/).at(-1);
  if (!phrase) return null;
  const words = titleWords(phrase).map(stem);
  const head = words.at(-1);
  if (!head || words.length > 5 || !ROLE_NOUNS.has(head)) return null;
  return { head, modifiers: words.slice(0, -1).filter((word) => !STOP.has(word)) };
}

/**
 * Whether a quote gives the subject the role asked: the role's head noun itself (plural aside, or
 * the deed of it: "co-founded" for a founder), never a word that only shares its stem ("Design" is
 * not a designer), and every word before it ("board" of a board director); titles match their
 * initials both ways (CTO and Chief Technology Officer, VP and Vice President).
 */
function statesRole(role: { head: string; modifiers: readonly string[] }, quote: string): boolean {
  const raw = titleWords(quote);
  const words = new Set(raw.map(stem));
  const root = role.head.replace(/(?:er|or)$/, "");
  const holds =
    words.has(role.head) || (root !== role.head && raw.some((word) => word === `${root}ed` || word === `${root}d`));
  return holds && role.modifiers.every((word) => words.has(word));
}

/**
 * "Support" asked as a thing offered ("Do they offer support by email?", "phone support"), not as
 * a verb ("Does it support SSO?"), which the stop words take it for.
 */
const SUPPORT_AS_NOUN =
  /\b(?:offer|offers|provide|provides|give|gives|have|has|get|gets|any|customer|e-?mail|phone|live|chat|priority|premium|dedicated|technical)\s+support\b|\bsupport\s+(?:by|via|over|through|team|hours|channels?)\b/i;

/** A free plan, tier or version asked: what stays free, not a trial. */
const FREE_OFFER_ASKED = /\bfree\s+(?:tier|plan|version|edition|account|option|forever)s?\b|\bfreemium\b/i;
/** A free trial, or free for a while: "a free 30-day trial", "try it free for 14 days". */
const FREE_TRIAL =
  /\bfree\s+(?:\d+[-\s]?(?:day|week|month)s?\s+)?trials?\b|\bfree\s+for\s+(?:\d+|a|one|two|three|seven|fourteen|thirty)\s+(?:days?|weeks?|months?)\b/gi;

/** Whether every "free" of a quote is a trial's: a free trial is no free plan. */
function freeOnlyForATrial(quote: string): boolean {
  FREE_TRIAL.lastIndex = 0;
  if (!FREE_TRIAL.test(quote)) return false;
  return !/\bfree\b/i.test(quote.replace(FREE_TRIAL, " ")) && !FREE_OFFER_ASKED.test(quote);
}

/** A question about the present: "Is she still with Acme?", "Is it currently offered?". */
const ASKS_NOW = /\b(?:still|currently|anymore|any longer|these days|as of now|right now)\b/i;
/** A statement of the past alone: "Until 2021 she was an engineer at Acme", "formerly", "a former adviser". */
const PAST_ONLY =
  /\b(?:until|till)\s+(?:(?:early|late|mid|the end of)\s+)?(?:\p{L}+\s+)?\d{4}\b|\b(?:formerly|previously|former|used to)\b/iu;
/** Something under way, not done: "Acme is in the process of obtaining ISO 27001 certification". */
const UNDER_WAY =
  /\b(?:in the process of|working (?:towards?|on)|on (?:the|our|its) way to|on track to)\s+(?:obtaining|getting|achieving|becoming|earning|securing|completing|receiving|gaining)\b/i;

/**
 * A span of time written with its end: "2019–2022", "2011-03-01 - 2015-06-30", "Mar 2019 – Jun 2022".
 * The end is the last date of the span.
 */
const SPAN =
  /\b(?:(?:(?:19|20)\d{2}-\d{2}-\d{2})|(?:\p{L}{3,9}\.?\s+)?(?:19|20)\d{2})\s*(?:-|–|—|to|until|till)\s*((?:(?:19|20)\d{2}-\d{2}-\d{2})|(?:\p{L}{3,9}\.?\s+)?(?:19|20)\d{2})\b/giu;

/** Whether the quote gives a span of time that ended before `now`: "Treasurer — 2011-03-01 - 2015-06-30". */
function spanEnded(quote: string, now: Date): boolean {
  for (const match of quote.matchAll(SPAN)) {
    const end = match[1] ?? "";
    const full = /^(\d{4})-(\d{2})-(\d{2})$/.exec(end);
    if (full) {
      if (Date.UTC(Number(full[1]), Number(full[2]) - 1, Number(full[3])) < now.getTime()) return true;
      continue;
    }
    // A year alone (or with a month) has ended once its year has.
    const year = Number(/\d{4}$/.exec(end)?.[0]);
    if (year < now.getUTCFullYear()) return true;
  }
  return false;
}

function statesBool(claim: AnswerClaim, quotes: readonly QuoteEvidence[]): Support {
  const subjectStems = subjectStemsOf(claim.subjectTerms);
  const asked = questionTopic(claim.question, subjectStems);
  const { specific } = asked;
  // Support asked as the thing offered is what a "yes" must speak of: e-mail for sponsors is not e-mail support.
  const support = SUPPORT_AS_NOUN.test(claim.question) ? stem("support") : null;
  const topic = support && !asked.topic.includes(support) ? [...asked.topic, support] : asked.topic;
  if (topic.length === 0) return { stated: true };
  const role = claim.value === true ? roleAsked(claim.question) : null;
  let onTopic = false;
  for (const { quote } of quotes) {
    const read = readTopic(withInitials(quote, claim.question, claim.subjectTerms), topic);
    const { mentioned } = read;
    // What was and is no more, or is under way and not done, denies what is asked of now.
    const negated =
      read.negated ||
      (mentioned.size > 0 && UNDER_WAY.test(quote)) ||
      (mentioned.size > 0 &&
        ASKS_NOW.test(claim.question) &&
        (PAST_ONLY.test(quote) || spanEnded(quote, claim.now ?? new Date())));
    // A title that only shares a word with the role asked is another role.
    if (role && !statesRole(role, quote)) {
      if (mentioned.size > 0) onTopic = true;
      continue;
    }
    if (mentioned.size === 0) continue;
    onTopic = true;
    const specificShare =
      specific.length === 0 ? 1 : specific.filter((word) => mentioned.has(word)).length / specific.length;
    // "Yes": most of what was asked about, by name, stated without a denial.
    if (
      claim.value === true &&
      !negated &&
      specificShare >= 0.5 &&
      [...mentioned].filter((word) => word !== support).length >= Math.ceil(asked.topic.length / 2) &&
      (support === null || mentioned.has(support)) &&
      // "Do they have a free tier?" is not answered yes by "Start your free 30-day trial".
      !(FREE_OFFER_ASKED.test(claim.question) && freeOnlyForATrial(quote))
    )
      return { stated: true };
    // "No": a denial of the topic, or a statement of it that leaves out what was asked about by name
    // ("two offices: Boston and Rotterdam" when asked about Berlin); such a statement must be about
    // the question's subject matter (most of its plain words), not just touch one word of it.
    const plain = topic.filter((word) => !specific.includes(word));
    const aboutIt =
      plain.length > 0 && plain.filter((word) => mentioned.has(word)).length >= Math.ceil(plain.length / 2);
    if (claim.value === false && (negated || (specificShare < 1 && aboutIt))) return { stated: true };
  }
  if (!onTopic) return { stated: false, reason: "no quote speaks of what the question asks" };
  return {
    stated: false,
    reason:
      claim.value === true
        ? "the quotes do not affirm it (they deny it, or leave out what was asked)"
        : "the quotes do not deny it",
  };
}

/**
 * Whether the quotes state the answer, beyond being on their page: the number, the date, the URL,
 * the option or the affirmative or negative statement must be in a quote (with tolerance for how
 * pages write them: "1.25M" and 1250000, "December 2018" and 2018-12), and a text answer must be
 * drawn from the quotes (all content words of a short answer, three quarters of one up to six
 * words, 60% of a longer one). A null answer needs nothing.
 */
export function statesAnswer(claim: AnswerClaim, quotes: readonly QuoteEvidence[]): Support {
  const { value } = claim;
  if (value === null) return { stated: true };
  if (quotes.length === 0) return { stated: false, reason: "no quote holds" };
  const subjectStems = subjectStemsOf(claim.subjectTerms);
  switch (claim.type) {
    case "NUMBER": {
      const number = typeof value === "number" ? value : Number(value);
      const stated = quotes.some(({ quote }) => readNumbers(quote).some((found) => sameNumber(found, number)));
      return stated ? { stated: true } : { stated: false, reason: `no quote states the number ${value}` };
    }
    case "DATE": {
      const stated = quotes.some(({ quote }) => readDates(quote).some((date) => dateStates(date, String(value))));
      return stated ? { stated: true } : { stated: false, reason: `no quote states the date ${value}` };
    }
    case "URL": {
      const wanted = comparableUrl(String(value));
      const stated = quotes.some(
        ({ quote, url, links }) =>
          comparableUrl(url) === wanted ||
          normalizeForMatch(quote).includes(wanted.replace(/\/$/, "")) ||
          (links ?? []).some(
            (link) =>
              comparableUrl(link.url) === wanted &&
              link.text.trim() !== "" &&
              normalizeForMatch(quote).includes(normalizeForMatch(link.text)),
          ),
      );
      return stated ? { stated: true } : { stated: false, reason: `no quote names ${value}` };
    }
    case "OPTION": {
      const option = String(value);
      const stated = quotes.some(({ quote }) => statesOption(option, quote, claim.options));
      return stated ? { stated: true } : { stated: false, reason: `no quote states "${option}"` };
    }
    case "OPTIONS": {
      const chosen = Array.isArray(value) ? value : [];
      const missing = chosen.filter(
        (option) => !quotes.some(({ quote }) => statesOption(option, quote, claim.options)),
      );
      return missing.length === 0
        ? { stated: true }
        : { stated: false, reason: `no quote states ${missing.map((option) => `"${option}"`).join(", ")}` };
    }
    case "BOOL":
      return statesBool(claim, quotes);
    case "TEXT": {
      // A phone number or another long run of digits: the same digits, however grouped.
      const digits = String(value).replace(/\D/g, "");
      if (
        digits.length >= 6 &&
        quotes.some(({ quote }) => quote.replace(/\D/g, "").includes(digits.replace(/^0+/, "")))
      )
        return { stated: true };
      // A gloss in brackets ("Managing Director (CEO)") is the model's, not the page's claim.
      const words = contentStems(String(value).replace(/\([^)]*\)/g, " "), subjectStems);
      if (words.length === 0) return { stated: true };
      const quoteWords = quotes.flatMap(({ quote }) => tokens(quote).map(stem));
      // A short answer ("Chief Executive Officer") must be there whole; a longer one mostly.
      const needed = words.length <= 3 ? 1 : words.length <= 6 ? 0.75 : 0.6;
      return shareFound(words, quoteWords) >= needed
        ? { stated: true }
        : { stated: false, reason: "the answer's words are not in the quotes" };
    }
  }
}

/** Whether a text (the model's explanation) is drawn from the quotes: most of its content words are in them. */
export function drawnFrom(text: string, quotes: readonly string[], subjectTerms: readonly string[]): boolean {
  const words = contentStems(text, subjectStemsOf(subjectTerms));
  if (words.length === 0) return false;
  return (
    shareFound(
      words,
      quotes.flatMap((quote) => tokens(quote).map(stem)),
    ) >= 0.6
  );
}
