import type { AnswerValue, ResponseType } from "@dossier/contract";
import { countryFromLocation } from "@dossier/enrich";
import type { PersonIdentity } from "../plan/plan-research.js";
import { namesPlace } from "../rank/answer-shape.js";
import { relatedWords } from "../rank/question-terms.js";
import { stem } from "../rank/tokenize.js";
import { legalFormsAfter } from "../text/company-names.js";
import type { AnswerKind } from "./answer-kind.js";
import { mentionsOf, type NumberMention, numberMentions } from "./number-mentions.js";
import { containsWhole, normalizeForMatch } from "./quote-matches.js";
import { dateStates, readDates } from "./read-dates.js";
import { shareFiveLetters } from "./same-word.js";
import { comparableUrl } from "./states-answer.js";

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
  /** Whether the page is on the subject's own site; unknown when absent. */
  ownSite?: boolean;
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

/** Words of a German imprint, in the English a question asks them with (word by word, so "register" matches either). */
const TRANSLATED: Array<[string, string]> = [
  ["handelsregister", "commercial register"],
  ["registergericht", "register court"],
  ["registernummer", "register number"],
];

/** The one-word forms of named things that are also common words: "us" for "United States". */
const NAMED_SHORT_FORMS = new Set(EQUIVALENTS.map(([, short]) => short.replace(/\s+/g, "")));

/** A text with titles and named things in one form: "Chief Technology Officer" and "CTO" read alike. */
export function canonicalTerms(text: string): string {
  let canonical = ` ${normalizeForMatch(text)
    .replace(/\be-mail/g, "email")
    .replace(/'s\b/g, "")
    .replace(/[^\p{L}\p{N}/-]+/gu, " ")} `;
  for (const [word, english] of TRANSLATED) canonical = canonical.split(` ${word} `).join(` ${english} `);
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
    "number amount year date time city country address behind use uses used using since anyone someone everyone " +
    "anybody somebody everybody over under above below before after during between within across through out up " +
    "down off again just only very such other another both either own same whether take takes care handle " +
    "handles look looks after sentence sentences briefly nutshell summarize summarise"
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

/** Whether two stems are one word: equal, or sharing five letters (see {@link shareFiveLetters}). */
function sameWord(left: string, right: string): boolean {
  if (left === right) return true;
  if (shareFiveLetters(left, right)) return true;
  // An ending the light stemmer leaves on: "move" and "moved", "list" and "listed".
  const [short, long] = left.length < right.length ? [left, right] : [right, left];
  if (short.length >= 4 && long.startsWith(short) && long.length - short.length <= 2 && !/\d/.test(long)) return true;
  // A silent "e" dropped before "-ing": "move" and "moving", "store" and "storing".
  return short.length >= 4 && short.endsWith("e") && long === `${short.slice(0, -1)}ing`;
}

/** One word of what a question asks, as a stem, with the stems of the words pages use for it. */
export interface TopicWord {
  word: string;
  aliases: string[];
}

const TITLE_SHORT_FORMS = new Set(TITLES.map(([, short]) => short));

const EXECUTIVE_TITLES =
  "ceo cto cfo coo cmo cpo cro ciso cio chief officer president vp svp evp director founder cofounder";

/** Words a statement uses for what a question asks with another word, beyond those ranking knows. */
const STATED_AS: Record<string, string> = {
  join: "joined joining added since started hired member",
  joined: "join added since started hired member",
  refer: "short stands means named",
  told: "notified informed",
  notified: "told informed",
  breach: "incident",
  leaked: "leak exposed",
  start: "started since joined began hired appointed",
  started: "start since joined began hired appointed",
  hire: "hired joined join joining employed",
  hired: "hire joined join joining employed",
  starts: "start since joined began",
  began: "started since",
  acquired: "acquisition bought",
  headquartered: "headquarters hq based",
  located: "based headquarters",
  make: "makes build builds develop develops produce produces manufacture manufactures sell sells offer offers",
  build: "builds make makes develop develops produce produces",
  sell: "sells offer offers provide provides",
  // A group of people named by what they are: any title of the group is a mention of it.
  executives: EXECUTIVE_TITLES,
  executive: EXECUTIVE_TITLES,
  leaders: `${EXECUTIVE_TITLES} head lead`,
  leader: `${EXECUTIVE_TITLES} head lead`,
  leadership: `${EXECUTIVE_TITLES} head lead`,
  management: `${EXECUTIVE_TITLES} head manager`,
  founders: "founder cofounder founded",
  investors: "investor invested investment funded backed led round raised",
  // A sponsor's or a plan's tier is its level.
  tier: "level levels",
  level: "tier tiers",
  // A legal entity is named with its legal form, or on the page that names it by law (an imprint).
  legal: "gmbh inc llc ltd corporation incorporated plc sarl imprint impressum",
  entity: "gmbh inc llc ltd corporation incorporated plc sarl imprint impressum",
  investor: "investors invested investment funded backed led round raised",
};

/** How pages say what someone did before joining: "prior to Example", "previously at", "formerly". */
const BEFORE_JOINING = ["prior", "previously", "previous", "formerly", "former", "before"];

function topicWord(raw: string, options: { titles?: boolean } = {}): TopicWord {
  // A title is its title: "technical" on a page is not "CTO". Where no title is meant (the "HR" of
  // "which HR platform"), the words pages use for it count ("our people platform").
  const related = [...relatedWords(raw), ...(STATED_AS[raw]?.split(" ") ?? [])];
  const aliases =
    (options.titles ?? true) && TITLE_SHORT_FORMS.has(raw) ? [] : related.flatMap((other) => stemsOf(other));
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
  // "Before she joined": a time before joining, which pages say as "prior to" or "previously".
  const before = /\bbefore (?:\S+ )?(?:join|start)/i.test(asked);
  const topic = new Map<string, TopicWord>();
  for (const word of words) {
    const entry = topicWord(word);
    if (before && /^(?:join|start)/.test(entry.word)) entry.aliases.push(...BEFORE_JOINING);
    if (!subject.has(entry.word) && !topic.has(entry.word)) topic.set(entry.word, entry);
  }
  return [...topic.values()];
}

/** Kinds whose value does not show, by itself, what it is the value of. */
const NEEDS_TOPIC = new Set<AnswerKind>([
  "money",
  "duration",
  "percentage",
  "year",
  "date",
  "number",
  "identifier",
  "count",
  // An address is an address of anything: the careers page's, not the home page's.
  "url",
]);

/** A question without the examples it gives ("such as Seed or Series A", "e.g. GmbH"). */
function withoutExamples(question: string): string {
  return question.replace(/[,;(]?\s*\b(?:such as|e\.g\.|for example|for instance)\s[^.;)]*[.;)]?/gi, " ");
}

/** Whether a text is the opening of a table row, `cells` cells or more of it, perhaps cut mid-cell. */
function copiedFromStart(text: string, line: string, cells: number): boolean {
  const copied = normalizeForMatch(text);
  return normalizeForMatch(line).startsWith(copied) && cellsOf(text).filter(Boolean).length >= cells;
}

/** Words that make a clause a guess or a supposition rather than a statement of fact. */
const HYPOTHETICAL = /\b(?:would|could|might|guess|hazard|suppose|imagine|hypothetical(?:ly)?)\b|['’]d\b/i;

/** The clause a position is in, up to it: from the last sentence end, semicolon, comma or bracket. */
function clauseBefore(text: string, at: number): string {
  const before = text.slice(0, at);
  const from = Math.max(...[".", ";", ",", "(", ")", "!", "?", "—"].map((mark) => before.lastIndexOf(mark)));
  return before.slice(from + 1);
}

/** The last word of a text cut off in the middle of a phrase. */
const CUT_OFF =
  /\s(?:a|an|the|of|to|by|in|on|at|for|with|from|and|or|as|than|that|which|who|whose|is|are|was|were|be|our|their|its|his|her|such as|including|namely)$|[,;:(]$|(?:^|[\s(])(?:e\.g|i\.e)\.?$/i;

/** Words a clause opens with inside a sentence: an answer that starts with one was cut from the middle. */
const CLAUSE_OPENING = /^(?:which|that|whom|whose|while|whereas|because|although|though|unless|until|and|or|but)\s/;

/**
 * Whether a question asks for a thing by its noun ("Which attribute must the link carry?", "what
 * tool do they use", or a noun phrase alone: "dental insurance provider in Canada"), rather than for a
 * description ("What does it do?", "How does it describe itself?", "Why did it move?").
 */
function asksForAThing(question: string): boolean {
  const asked = question.toLowerCase();
  if (
    /^\s*(?:which|what)\s+(?!(?:does|do|did|is|are|was|were|has|have|had|can|will|would|kind|type|sort|form)\b)[\p{L}-]+/u.test(
      asked,
    )
  )
    return true;
  return !/\b(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|does|do|did|can|could|will|would|should|has|have|had|tell|describe|explain|summari[sz]e|list)\b/.test(
    asked,
  );
}

/** Whether an answer gives back a whole sentence of six words or more of the quote. */
function copiesSentence(text: string, quote: string): boolean {
  const answer = normalizeForMatch(text)
    .replace(/[.!?]+$/, "")
    .trim();
  if (answer.split(/\s+/).length < 6) return false;
  return normalizeForMatch(quote)
    .split(/(?<=[.!?])\s+/)
    .some((sentence) => {
      const whole = sentence.replace(/[.!?]+$/, "").trim();
      return whole.length > 0 && (whole === answer || (answer.includes(whole) && whole.split(/\s+/).length >= 6));
    });
}

/** Nouns that describe an organisation named right after them: "Example's venture firm GV". */
const DESCRIBED =
  /^[\s’']*(?:s\s+)?(?:[\p{Ll}-]+\s+){0,2}?(?:firm|fund|arm|subsidiary|unit|division|affiliate|company|group|entity|brand|spin-?off)\s+\p{Lu}/u;

/** Whether, in the quote, the answer describes another organisation named right after it. */
function describesAnother(text: string, quote: string): boolean {
  const at = normalizeForMatch(quote).indexOf(normalizeForMatch(text));
  if (at < 0) return false;
  return DESCRIBED.test(quote.slice(at + text.length));
}

/** Kinds of answer that are never the person asked about. */
const PLACE_OR_THING = new Set<AnswerKind>(["organisation", "product", "city", "country", "region", "address"]);

const kindInWords = (kind: AnswerKind) =>
  kind === "organisation" ? "an organisation" : kind === "address" ? "an address" : `a ${kind}`;

const NUMBER_WORDS =
  "\\d|\\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozens?|few|several|half|couple|zero|none|unlimited|free)\\b";

/** Questions that ask for a measure in a text answer, what the answer must hold, and what it is in words. */
const MEASURE_ASKED: Array<[RegExp, RegExp, string]> = [
  [
    /\bhow (?:long|quickly|soon|fast)\b/i,
    /\d|\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|quarters?|years?|decades?|overnight|instantly|immediately|indefinitely|forever|permanently)\b/i,
    "length of time",
  ],
  [/\bhow much\b/i, new RegExp(`${NUMBER_WORDS}|[$€£¥]`, "i"), "amount"],
  [/\bhow many\b/i, new RegExp(NUMBER_WORDS, "i"), "number"],
  // "Which version added it?": versions are numbered.
  [/\b(?:which|what)(?:\s+[\p{L}'’.-]+){0,3}\s+version\b/iu, /\d/, "version number"],
];

/**
 * Whether a text answer is the quote's first words, at least nine, cut off where its sentence goes
 * on: a copy of the passage, not the span that answers. A whole sentence or clause is not cut off.
 */
function copiesOpening(text: string, quote: string): boolean {
  const answer = normalizeForMatch(text).replace(/[.,;:!?]+$/, "");
  const said = normalizeForMatch(quote);
  if (answer.split(" ").length < 9 || !said.startsWith(answer)) return false;
  const rest = said.slice(answer.length);
  return /^\s*[\p{L}\p{N}(]/u.test(rest) && /[\p{L}\p{N}]/u.test(rest);
}

/** A question that asks for the day something happened, not its year. */
export const ASKS_DAY = /\b(?:what|which) (?:exact )?(?:day|date)\b|\bexact date\b/i;

/** "How often": a frequency, as pages write one. */
const ASKS_HOW_OFTEN = /\bhow (?:often|frequently)\b|\bfrequency\b|\bhow many times (?:a|per|each)\b/i;
const FREQUENCY =
  /\b(?:(?:once|twice|thrice|(?:\d+|two|three|four|five|six|ten|twelve) times)\s+(?:a|per|each|every)\s+(?:day|week|month|quarter|year)|every\s+(?:(?:\d+|two|three|four|six|twelve)\s+)?(?:day|week|month|quarter|year)s?|(?:bi-?|semi-?)?(?:daily|weekly|monthly|quarterly|annually|yearly)|(?:at least )?(?:once|twice) (?:a|per) (?:day|week|month|quarter|year)|on (?:a|an) (?:daily|weekly|monthly|quarterly|annual|yearly) basis)\b/i;

/** Words of a question that name a unit or a kind of value, not what is asked about. */
const UNIT_WORDS = new Set(
  (
    "year day week month hour minute percent dollar euro usd eur people person amount total many much value " +
    "url link page website site homepage address " +
    // "Which service sends its e-mails?": the service is the kind of answer; the e-mails are what it is about.
    "service services tool tools platform platforms software product products app apps application applications " +
    "provider providers vendor vendors"
  ).split(" "),
);

/**
 * The names a question gives besides the subject's, capitalised in its running text: "Platinum" of
 * "Which of these are Platinum-tier sponsors?", "Quillbase" of "Who maintains its Quillbase
 * integration?". A short form in capitals ("EHR", "ACRG") is marked: it may name a kind of thing.
 */
function namesInQuestion(
  question: string,
  subjectTerms: readonly string[],
): Array<{ entry: TopicWord; shortForm: boolean }> {
  const subject = subjectStemsOf(subjectTerms);
  const names = [...question.matchAll(/(?<=[\p{L}\p{N},;'’)]\s+)\p{Lu}[\p{L}\p{N}]*(?:-\p{Lu}[\p{L}\p{N}]*)*/gu)].map(
    (match) => match[0],
  );
  return names.flatMap((name) =>
    stemsOf(name)
      .filter((word) => !subject.has(word) && !QUESTION_WORDS.has(word) && word.length > 1)
      .map((word) => ({ entry: topicWord(word, { titles: false }), shortForm: name === name.toUpperCase() })),
  );
}

/**
 * The organisation a question places what it asks at, when not the subject: "Quillbase" of "What
 * role did Ada Park hold at Quillbase before Acme?". A legal form ("GmbH") names no organisation.
 */
function organisationsAt(question: string, subjectTerms: readonly string[]): TopicWord[] {
  const subject = subjectStemsOf(subjectTerms);
  const names = [...question.matchAll(/\bat\s+(\p{Lu}[\p{L}\p{N}]*(?:[\s-]+\p{Lu}[\p{L}\p{N}]*)*)/gu)];
  const words = names.flatMap((match) => stemsOf(match[1] ?? ""));
  if (words.length === 0 || words.some((word) => subject.has(word))) return [];
  return words
    .filter((word) => !QUESTION_WORDS.has(word) && !LEGAL_FORMS.has(word) && word.length > 1)
    .map((word) => topicWord(word, { titles: false }));
}

/** Legal forms, which follow a company's name and are not a name themselves. */
const LEGAL_FORMS = new Set("gmbh ag inc ltd llc llp plc sa sas sarl bv nv oy ab as aps kg ug co corp".split(" "));

/** Whether a list of stems speaks of a topic word: the word itself, or a word pages use for it. */
function speaksOf(stems: readonly string[], topic: TopicWord): boolean {
  return stems.some((other) => sameWord(topic.word, other) || topic.aliases.some((alias) => sameWord(alias, other)));
}

/** Of the topic's words, those a quote speaks of. */
function topicFound(topic: readonly TopicWord[], quote: string): TopicWord[] {
  // Both forms of a title: "Chief Executive Officer" speaks of "CEO" and of "executives".
  const plain = normalizeForMatch(quote)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1)
    .map(stem);
  const quoteStems = [...stemsOf(quote), ...plain];
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
    .map((word) => topicWord(word))
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

/** Kinds of figure a quote may give several of, each of something else. */
const LED_KINDS = new Set<AnswerKind>(["money", "count", "percentage", "duration", "number"]);

/**
 * Where a quote gives several figures of the kind asked, one the question's words lead to more
 * than to the answer's ("bringing our total funding to $1.54M" for a total, beside "a $1.25M
 * round"): that figure, with the words that lead to it. Null when the answer's figure is led to
 * as much as any.
 */
function ledFigure(
  quote: string,
  value: number,
  kind: AnswerKind,
  counted: readonly TopicWord[],
  unit: string | null,
  topic: readonly TopicWord[],
): { figure: string; words: string[] } | null {
  const asked = topic.filter((entry) => !UNIT_WORDS.has(entry.word));
  if (asked.length === 0) return null;
  const figures = numberMentions(quote).filter((mention) => mentionFits(mention, quote, kind, counted, unit));
  const ledTo = (mention: NumberMention) => {
    // The words of its own clause, a few either side: a comma or a stop ends what leads to it.
    const before = clauseBefore(quote, mention.start).split(/\s+/).slice(-7).join(" ");
    const after =
      quote
        .slice(mention.end)
        .split(/[,;.!?—]/)[0]
        ?.split(/\s+/)
        .slice(0, 4)
        .join(" ") ?? "";
    return topicFound(asked, `${before} ${after}`);
  };
  const own = figures.filter((mention) => sameFigure(mention.value, value));
  if (own.length === 0) return null;
  const best = Math.max(...own.map((mention) => ledTo(mention).length));
  // A plain number has no kind to tell it from the others: another is led to only by three words
  // more ("number 42 out of its top 50 startups" still gives the rank).
  const margin = kind === "number" ? 3 : 1;
  for (const other of figures) {
    if (sameFigure(other.value, value)) continue;
    const words = ledTo(other);
    if (words.length >= best + margin) {
      const from = /[$€£¥]/.test(quote[other.start - 1] ?? "") ? other.start - 1 : other.start;
      return { figure: quote.slice(from, other.end), words: words.map((entry) => entry.word) };
    }
  }
  return null;
}

const sameFigure = (left: number, right: number) => Math.abs(left - right) <= Math.abs(right) * 1e-9;

/** Amounts of money that are easily taken for one another: what asks for each, and how quotes state it. */
const MONEY_FIGURES: Array<[RegExp, RegExp, string]> = [
  [/\bvaluation\b|\bvalued\b/i, /\bvalu(?:ation|ations|ed|e)\b/i, "a valuation"],
  [
    /\b(?:revenue|revenues|arr|mrr|turnover|annual sales)\b/i,
    /\b(?:revenue|revenues|arr|mrr|recurring|turnover|sales|income|run[- ]rate|bookings)\b/i,
    "revenue",
  ],
];

/**
 * The unit a duration is asked in: "how many weeks" and "the longest leave, in weeks" are answered
 * in weeks, not by the "1 year" beside them.
 */
function askedTimeUnit(question: string): string | null {
  return (
    /\b(?:how many|in) (?:business |working |calendar )?(second|minute|hour|day|week|month|quarter|year)s?\b/i
      .exec(question)?.[1]
      ?.toLowerCase() ?? null
  );
}

/** A total or a cap asked, and said. */
const TOTAL_ASKED = /\b(?:total|in all|altogether|overall|maximum|at most|capped|cap)\b/i;
const TOTAL_SAID = /\b(?:total|in all|altogether|overall|maximum|at most|up to|capped|cap|limit(?:ed)?)\b/i;
/** A figure said for each of something: "for every star", "per seat", "each month". */
const RATE_SAID = /\b(?:for every|for each|per|each|every)\b/i;
/** A span of time a question asks over: "within a seven-day window", "per week", "in 30 days". */
const PERIOD_ASKED =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|thirty|a|per|each|every)[-\s](second|minute|hour|day|week|month|quarter|year)s?\b/i;
/** The span a quote states a figure for: "every 15 minutes", "per hour", "requests/month". */
const PERIOD_SAID =
  /(?:\b(?:every|per|each)\s+(?:\d+\s+)?|\/\s*)(second|minute|hour|day|week|month|quarter|year)s?\b/gi;

/**
 * Why a figure of the quote is a rate where the question asks a total, or a rate over another
 * span of time than the one asked; null when it is not.
 */
function rateSaidFor(question: string, quote: string): string | null {
  if (TOTAL_ASKED.test(question) && RATE_SAID.test(quote) && !TOTAL_SAID.test(quote))
    return "the quote states a figure for each of something, not the total asked";
  const asked = PERIOD_ASKED.exec(question)?.[1]?.toLowerCase();
  if (!asked) return null;
  const said = [...quote.matchAll(PERIOD_SAID)].map((match) => (match[1] ?? "").toLowerCase());
  if (said.length > 0 && !said.includes(asked))
    return `the quote states a figure per ${said[0]}, and the question asks over ${asked}s`;
  return null;
}

/** Events a date is the date of, as questions ask them and pages write them. */
const DATED_EVENTS: ReadonlyArray<readonly [string, RegExp]> = [
  ["founding", /\b(?:co-?)?found(?:ed|ing|s)?\b|\bestablish(?:ed|ment)\b|\bincorporat(?:ed|ion)\b/i],
  ["listing", /\bIPO\b|\bwent public\b|\bgo(?:es|ing)? public\b|\blisted\b|\blisting\b/i],
  ["acquisition", /\bacqui(?:red|res|re|sition)\b|\bbought\b/i],
  ["funding", /\brais(?:ed|es|e|ing)\b|\bfunding\b|\bround\b|\bseries [a-f]\b/i],
  ["launch", /\blaunch(?:ed|es|ing)?\b|\bunveil(?:ed|s)?\b/i],
  ["joining", /\bjoin(?:ed|s|ing)?\b|\bhired\b/i],
  ["leaving", /\bleft\b|\bleav(?:e|es|ing)\b|\bdeparted\b|\bstepped down\b/i],
  ["graduation", /\bgraduat(?:ed|es|e|ion)\b/i],
  ["birth", /\bborn\b/i],
];

/** Where a clause ends: a bracket, a semicolon, a dash, a sentence's stop, a comma. */
const CLAUSE_BREAK = /[;()[\]—–|]|[.!?](?=\s|$)|,\s/;

/**
 * The event a quote dates with the year answered, when it is another than the one asked: "co-founded
 * Quillmark (IPO in 2021)" dates a listing, not a founding. Every place the quote writes the year must
 * sit in a clause that names another event and not the one asked; null otherwise, or when the
 * question asks of no such event.
 */
function otherEventDated(question: string, quote: string, year: string): string | null {
  const asked = DATED_EVENTS.filter(([, cue]) => cue.test(question));
  if (asked.length === 0 || !/^\d{4}$/.test(year)) return null;
  let other: string | null = null;
  for (const match of quote.matchAll(new RegExp(`(?<!\\d)${year}(?!\\d)`, "g"))) {
    const at = match.index;
    const before = quote.slice(0, at).split(CLAUSE_BREAK).at(-1) ?? "";
    const after = quote.slice(at + year.length).split(CLAUSE_BREAK)[0] ?? "";
    const clause = `${before} ${year} ${after}`;
    if (asked.some(([, cue]) => cue.test(clause))) return null;
    const named = DATED_EVENTS.find(([name, cue]) => cue.test(clause) && !asked.some(([own]) => own === name));
    if (!named) return null;
    other = named[0];
  }
  return other;
}

/** Where one dated event of a list ends and the next begins: "…in 2016, then our hundredth in 2017, and then …". */
const EVENT_BREAK = /;|\bthen\b|,\s+(?:and|but|while|whereas)\b/i;
const ANY_YEAR = /(?<!\d)(?:19|20)\d\d(?!\d)/;

/**
 * What is asked, where a quote listing several dated events says it of another event than the
 * year's: of "our thousandth sensor in 2019, then our millionth sensor in 2024", 2019 is not
 * the date of the millionth. The event asked is the one clause that says most of the question's
 * words; where two say as much, nothing is decided. Null when it is the year's own clause.
 */
function datedElsewhere(topic: readonly TopicWord[], quote: string, year: string): string | null {
  if (!/^\d{4}$/.test(year)) return null;
  const dated = quote.split(EVENT_BREAK).filter((clause) => ANY_YEAR.test(clause));
  if (dated.length < 2) return null;
  const ownYear = new RegExp(`(?<!\\d)${year}(?!\\d)`);
  const said = dated.map((clause) => ({ own: ownYear.test(clause), words: topicFound(topic, clause) }));
  const most = Math.max(...said.map((entry) => entry.words.length));
  const best = said.filter((entry) => entry.words.length === most);
  const [only] = best;
  if (best.length !== 1 || !only || only.own || !said.some((entry) => entry.own)) return null;
  const own = new Set(said.filter((entry) => entry.own).flatMap((entry) => entry.words.map((word) => word.word)));
  return only.words.find((entry) => !own.has(entry.word))?.word ?? null;
}

/** Whether a number mention is stated as the kind asked, in its quote. */
function mentionFits(
  mention: NumberMention,
  quote: string,
  kind: AnswerKind,
  counted: readonly TopicWord[],
  unit: string | null = null,
): boolean {
  if (mention.insideToken) return false;
  // A figure in a "would have" clause is a guess, not a fact: "we'd have had a $5M valuation".
  if (HYPOTHETICAL.test(clauseBefore(quote, mention.start))) return false;
  switch (kind) {
    case "year":
      return mention.yearLike;
    case "percentage":
      // A percentile is a share too: "the 60th percentile of local listings".
      return mention.percent || /^(?:st|nd|rd|th)?\s+percentile\b/i.test(quote.slice(mention.end, mention.end + 16));
    case "duration": {
      const after = quote.slice(mention.end, mention.end + 24);
      if (!TIME_UNITS.test(after)) return false;
      return (
        unit === null || new RegExp(`^\\+?\\s*(?:-\\s*)?(?:business |working |calendar )?${unit}s?\\b`, "i").test(after)
      );
    }
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
      // "Twice a year" counts times itself.
      if (/^(?:twice|thrice)$/i.test(quote.slice(mention.start, mention.end)))
        return counted.some((entry) => speaksOf(["time"], entry));
      // A count stands next to what it counts: "a team of five", "120 employees", "Employees: 120".
      const near = wordsAround(quote, mention.start, mention.end, 5, 4).flatMap((word) => stemsOf(word));
      return counted.some((entry) => speaksOf(near, entry));
    }
    default:
      return !mention.yearLike || /\byear\b/.test(kind);
  }
}

/**
 * The subject's entity the question names by its legal form ("Example GmbH") when the quote names
 * only another of the same name ("Example Inc"). Null when the question names no form, or the
 * quote names the one asked or none.
 */
function otherEntityOf(
  question: string,
  said: string,
  subjectTerms: readonly string[],
): { asked: string; said: string } | null {
  for (const name of subjectTerms) {
    const asked = legalFormsAfter(question, name);
    if (asked.length === 0) continue;
    const written = legalFormsAfter(said, name);
    if (written.length > 0 && !written.some((form) => asked.includes(form)))
      return { asked: `${name} ${formAsWritten(asked[0]!)}`, said: `${name} ${formAsWritten(written[0]!)}` };
  }
  return null;
}

/** A legal form as registers write it: "GmbH", "Inc", "LLC". */
function formAsWritten(form: string): string {
  const mixed: Record<string, string> = { gmbh: "GmbH", inc: "Inc", ltd: "Ltd", corp: "Corp", pty: "Pty" };
  return mixed[form] ?? form.toUpperCase();
}

/** Words and their opposites, as a yes/no question and a page write them (hyphen or space alike). */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ["full-time", "part-time"],
  ["paid", "unpaid"],
  ["public", "private"],
  ["for-profit", "non-profit"],
  ["for-profit", "nonprofit"],
  ["open-source", "closed-source"],
  ["open-source", "proprietary"],
  ["permanent", "temporary"],
  ["mandatory", "optional"],
  ["required", "optional"],
  ["remote", "in-office"],
  ["remote", "on-site"],
  ["remote-first", "office-first"],
  ["profitable", "unprofitable"],
  ["encrypted", "unencrypted"],
  ["free", "paid"],
];

/**
 * A word of the question whose opposite the quote says without saying the word itself: "full-time"
 * asked, "part-time" said. Null when there is none.
 */
function oppositeSaid(question: string, quote: string): { asked: string; said: string } | null {
  const says = (text: string, word: string) =>
    new RegExp(`(?<![\\p{L}-])${word.replace(/-/g, "[-\\s]?")}(?![\\p{L}-])`, "iu").test(text);
  for (const [one, other] of OPPOSITES)
    for (const [asked, said] of [
      [one, other],
      [other, one],
    ] as const)
      if (says(question, asked) && !says(question, said) && says(quote, said) && !says(quote, asked))
        return { asked, said };
  return null;
}

/** Words that say no to what follows them. */
const NEGATION =
  /^(?:not|no|never|none|neither|nor|without|cannot|avoid|avoids|avoiding|stop|stopped|exempt|don['’]t|doesn['’]t|didn['’]t|won['’]t|isn['’]t|aren['’]t|wasn['’]t|weren['’]t|can['’]t|haven['’]t|hasn['’]t)$/i;
/** Words between a negation and the word it says no to, at most: "don't currently delete". */
const NEGATION_REACH = 3;

/**
 * The topic's word a quote says no to ("we don't delete", "avoid deleting", "exempt from rate
 * limits"); null when none. A word of no the question says too asks of it: "does it work without cookies".
 */
function negatedTopic(question: string, quote: string, topic: readonly TopicWord[]): string | null {
  const asked = new Set(question.toLowerCase().split(/[^\p{L}\p{N}'’-]+/u));
  const words = quote.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? "";
    if (!NEGATION.test(word) || asked.has(word.toLowerCase())) continue;
    for (const word of words.slice(index + 1, index + 2 + NEGATION_REACH)) {
      const found = topic.find((entry) => speaksOf(stemsOf(word), entry));
      if (found) return `${words[index]} ${word}`;
    }
  }
  return null;
}

/** Keeping and its undoing: a question asks one, the quote says the other. */
const KEEPING =
  /\b(?:keep|keeps|kept|keeping|store|stores|stored|storing|retain|retains|retained|save|saves|saved|logged|collect|collects|collected|recorded)\b/i;
const UNDOING =
  /\b(?:discard|discards|discarded|delete|deletes|deleted|erase|erases|erased|purge|purges|purged|drop|drops|dropped|anonymi[sz]e[sd]?|throw(?:s|n)? away)\b/i;

/** What the question asks kept, said discarded by the quote without saying it kept (or the other way round). */
function undoneSaid(question: string, quote: string): { asked: string; said: string } | null {
  for (const [asks, other] of [
    [KEEPING, UNDOING],
    [UNDOING, KEEPING],
  ] as const) {
    const asked = asks.exec(question)?.[0];
    const said = other.exec(quote)?.[0];
    if (asked && said && !other.test(question) && !asks.test(quote)) return { asked, said };
  }
  return null;
}

/** A bound set before a figure: "more than 100 staff" is answered by any figure above it. */
const BOUND_BEFORE =
  /\b(?:more|less|fewer|greater|higher|lower|over|under|above|below|beyond|least|most|exceed(?:s|ed|ing)?|than|up to|within|between|and|or)\s*(?:[$€£¥]\s*)?$/i;
/** Roman numerals as written after a name ("SOC II", "Phase III"): the figure they stand for. */
const ROMAN: Record<string, string> = {
  II: "2",
  III: "3",
  IV: "4",
  V: "5",
  VI: "6",
  VII: "7",
  VIII: "8",
  IX: "9",
  X: "10",
};

/** The figures a text writes, thousands separators dropped, and roman numerals after a word read as figures. */
function figuresOf(text: string): Set<string> {
  const plain = text
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/(?<=\p{L}\s)(II|III|IV|V|VI|VII|VIII|IX|X)(?![\p{L}\p{N}])/gu, (numeral) => ROMAN[numeral] ?? numeral);
  return new Set([...plain.matchAll(/(?<![\d.])\d+(?:\.\d+)?(?![\d])/g)].map((match) => match[0]));
}

/**
 * A figure the question names as part of what it asks ("7-day tokens", "SOC 2", "in 2024")
 * that the text does not write; null when it writes them all. A bound ("more than 100") is answered
 * by other figures, and a figure of the subject's name is not asked.
 */
function figureUnsaid(question: string, text: string, subjectTerms: readonly string[], dated: string): string | null {
  const written = figuresOf(text);
  const years = new Set([...figuresOf(dated)].filter((figure) => /^(?:19|20)\d\d$/.test(figure)));
  const named = figuresOf(subjectTerms.join(" "));
  const plain = question.replace(/(\d),(?=\d{3}\b)/g, "$1");
  for (const match of plain.matchAll(/(?<![\d.])\d+(?:\.\d+)?(?![\d])/g)) {
    const figure = match[0];
    if (named.has(figure) || written.has(figure) || years.has(figure)) continue;
    if (BOUND_BEFORE.test(plain.slice(Math.max(0, match.index - 16), match.index))) continue;
    return figure;
  }
  return null;
}

/** "Regardless of where you live": what follows does not change what the quote says. */
const REGARDLESS = /\b(?:regardless of|irrespective of|independent of|no matter)\s+([^,.;:!?()]+)/giu;

/**
 * The words of the question's topic that the quote says make no difference ("pays the same
 * regardless of where you live" against "does it adjust pay to where you live"); null when none. A
 * question that asks it the same way ("regardless of location?") is answered yes by it.
 */
function saidToMakeNoDifference(question: string, quote: string, topic: readonly TopicWord[]): string | null {
  if (/\b(?:regardless|irrespective|independent(?:ly)?|no matter)\b/i.test(question)) return null;
  for (const match of quote.matchAll(REGARDLESS)) {
    const clause = match[1] ?? "";
    if (topicFound(topic, clause).length > 0) return match[0].trim();
  }
  return null;
}

/** Whether a speaker's name is the person's: one of its words is one of their names. */
function speaksAs(person: PersonIdentity, speaker: string): boolean {
  const names = new Set(
    [person.firstName, person.fullName].flatMap((name) => (name ?? "").toLowerCase().split(/\s+/)).filter(Boolean),
  );
  return speaker
    .toLowerCase()
    .split(/\s+/)
    .some((word) => names.has(word));
}

/** Who a quote says it is spoken by, introducing themselves ("Hi, I'm Ada", "My name is Ada Park"); null when none. */
function speakerOf(quote: string): string | null {
  const match =
    /\b(?:(?:hi|hello|hey)[,!]?\s+(?:I['’]m|I am)|my name is|my name['’]s)\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)/iu.exec(
      quote,
    );
  return match?.[1] ?? null;
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

/** An address asked of the post: a street, a postcode, an office. */
const POSTAL_ASKED =
  /\b(?:postal|post|street|mailing|mail(?:ed)?|office|postcode|zip|registered|headquarters|hq|physical)\b/i;

/** Words an address is written with in lower case. */
const ADDRESS_WORDS = new Set(
  "street floor suite avenue road lane drive place square building unit and the de la du der von van via rue platz".split(
    " ",
  ),
);

/** Whether a text reads as a sentence: three lower-case words of four letters or more that no address writes. */
function readsAsSentence(text: string): boolean {
  const common = text
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 4 && /^\p{Ll}+$/u.test(word) && !ADDRESS_WORDS.has(word));
  return common.length >= 3;
}

/**
 * Whether a name-like answer is the question's own words with common ones beside them:
 * "SEO-optimized" for "which SEO tool", where a tool's name would add a name of its own.
 */
function commonWordsBeside(text: string, question: string): boolean {
  const asked = new Set(stemsOf(question));
  const parts = text.split(/[\s/-]+/).filter((part) => /\p{L}/u.test(part));
  const own = parts.filter((part) => !stemsOf(part).every((word) => asked.has(word)));
  return own.length > 0 && own.length < parts.length && own.every((part) => /^\p{Ll}/u.test(part));
}

/** Whether every word of an answer is a word of the question, and the answer is not the subject's name. */
function repeatsQuestionName(text: string, question: string, subjectTerms: readonly string[]): boolean {
  const words = stemsOf(text).filter((word) => !QUESTION_WORDS.has(word));
  const asked = new Set(stemsOf(question));
  const subject = subjectStemsOf(subjectTerms);
  return words.length > 0 && words.every((word) => asked.has(word)) && !words.every((word) => subject.has(word));
}

/** Titles that make a name a person's, when they follow it in brackets or after a comma. */
const PERSON_TITLE =
  /^(?:co-?founder|founder|ceo|cto|cfo|coo|cmo|cpo|chief|president|vice|vp|director|engineer|manager|head|partner at|principal at)\b/i;

/** Whether the passage writes the name with a person's title after it: "Jon Harlow (Co-founder/CEO of Example)". */
function titledAsPerson(name: string, passageText: string): boolean {
  const escaped = escapeRegExp(name);
  const after = new RegExp(`${escaped}\\s*(?:\\(|,\\s+|\\s[-–—]\\s)(?:the |our |a |an )?([^,;()]{2,40})`, "giu");
  return [...passageText.matchAll(after)].some((match) => PERSON_TITLE.test((match[1] ?? "").trim()));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Desks an address is given for ("for press questions", "our sales team") and the words a question asks each by. */
const DESKS: ReadonlyArray<[desk: string, asked: RegExp]> = [
  ["press", /\b(?:press|media|journalists?|reporters?|news)\b/i],
  ["privacy", /\b(?:privacy|gdpr|ccpa|data protection|dpo|personal data|data requests?)\b/i],
  ["security", /\b(?:security|vulnerabilit(?:y|ies)|bugs?|disclosure|incidents?|pentest)\b/i],
  ["legal", /\b(?:legal|law|lawyers?|trademarks?|copyright|dmca|subpoenas?|contracts?|compliance)\b/i],
  ["billing", /\b(?:billing|invoices?|payments?|refunds?|accounts payable|finance)\b/i],
  ["support", /\b(?:support|help|customers?|technical|troubleshoot\w*)\b/i],
  ["sales", /\b(?:sales|pricing|quotes?|enterprise|buy|purchas\w*|demo)\b/i],
  ["jobs", /\b(?:jobs?|careers?|hiring|recruit\w*|applications?|applicants?|candidates?)\b/i],
];
const DESK_NAMED = new RegExp(
  `\\b(${DESKS.map(([desk]) => desk).join("|")})\\s+(?:inquiries|enquiries|questions|requests|matters|issues|team|department|desk)\\b`,
  "gi",
);

/**
 * The desk a quote gives an address for (the one named nearest the address), when the question
 * asks for no word of it: "press" of "Journalists: press questions go to press@example.org".
 */
function otherDesk(question: string, quote: string, address: string): string | null {
  const at = quote.toLowerCase().indexOf(address.toLowerCase());
  const named = [...quote.matchAll(DESK_NAMED)].sort((a, b) => Math.abs(a.index - at) - Math.abs(b.index - at))[0];
  const desk = named?.[1]?.toLowerCase();
  const words = DESKS.find(([name]) => name === desk)?.[1];
  return desk && words && !words.test(question) ? desk : null;
}
const PHONE = /^\+?[\d\s()./-]{6,24}$/;
const PHONE_IN_TEXT = /\+?\(?\d[\d\s()./-]{5,22}\d/g;

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** Whether a text holds a word of a role or a title. */
function hasRoleWord(text: string): boolean {
  return canonicalTerms(text)
    .split(" ")
    .some((word) => ROLE_WORDS.has(word) || TITLE_SHORT_FORMS.has(word) || OFFICE_WORDS.has(stem(word)));
}

/** Titles of an office or a trade that a card's cell rarely holds beside a name, as stems: "Treasurer", "Field Technician". */
const OFFICE_WORDS = new Set(
  (
    "treasurer secretary trustee marketer programmer technician evangelist maintainer advisor adviser observer " +
    "producer professor lecturer fellow strategist accountant auditor controller economist journalist reporter " +
    "photographer illustrator attorney lawyer governor chairman chairwoman chairperson ambassador steward " +
    "organizer organiser manager officer coach hacker librarian curator counsel"
  )
    .split(" ")
    .map(stem),
);

/** Whether a text answer looks like a name: a few words, capitalised, no digits, not a sentence. */
function looksLikeName(value: string, maxWords: number): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > maxWords || /\d/.test(value)) return false;
  const capitalised = words.filter(
    (word) => /^[\p{Lu}\p{Lt}]/u.test(word) || /^(?:van|von|de|der|da|di|del|la|le|bin|al)$/.test(word),
  );
  // A sentence ends with a stop; a name may end with an abbreviation ("Example Inc.", "Jane Doe Jr.").
  const last = words[words.length - 1] ?? "";
  const sentenceEnd = /[.!?]$/.test(last) && !/^\p{Lu}[\p{L}]{0,4}\.$/u.test(last);
  return capitalised.length >= Math.ceil(words.length * 0.6) && !sentenceEnd;
}

/** Last words of a name that make it the name of a group, a product or a document, never a person's. */
const THING_LAST_WORDS = new Set(
  (
    "group groups team teams committee council board foundation fund funds ventures capital partners holdings " +
    "association society institute university college school office department agency company companies " +
    "platform project projects program programme service services network policy policies handbook guide " +
    "search security privacy information support engineering product products system systems app apps " +
    "cloud server servers suite tool tools edition plan plans tier conference summit meetup"
  ).split(" "),
);

/**
 * Whether a name-like answer to "who" is the name of a thing: it ends in a word that names groups,
 * products or documents ("Rust User Group", "Security Policies"), or every word of it is one the
 * page also writes in lower case, as common words ("Code Search"), which people's names seldom are.
 */
function namesAThing(name: string, pageText: string): boolean {
  const words = name.split(/\s+/).filter(Boolean);
  const last = (words[words.length - 1] ?? "").toLowerCase().replace(/[^\p{L}]/gu, "");
  if (THING_LAST_WORDS.has(last)) return true;
  if (words.length < 2) return false;
  return words.every((word) => {
    const lower = word.toLowerCase().replace(/[^\p{L}]/gu, "");
    return lower.length >= 3 && lower !== word && containsWhole(pageText, lower);
  });
}

/** The first and last year of a range a text states ("2019 – 2023", "2011-03-01 - 2015-06-30", "2019 to 2021"). */
function yearRange(text: string): [number, number] | null {
  const match =
    /\b((?:1[89]|20)\d\d)(?:-\d{1,2}(?:-\d{1,2})?)?\s*(?:\s[-–—]\s|[–—]|\s(?:to|until|till|through)\s)\s*(?:[\p{L}]+\.?\s+(?:\d{1,2},?\s+)?)?((?:1[89]|20)\d\d)\b/u.exec(
      text,
    );
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** Names in a question that end in a letter or a number: "Series A", "SOC 2", "Tier 1", "Plan B". */
function specificPhrases(question: string): string[] {
  const phrases: string[] = [];
  // The letter or number must end the name ("SOC 2 certified"), not start its next word ("FDA 21 CFR").
  // A letter is one only where no other letter follows: "OÜ" is no "O".
  for (const match of question.matchAll(
    /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}]+)\s+([A-HJ-Z]|\d{1,2})(?![\p{L}\p{N}])(?![.'’])(?!\s+[\p{Lu}\d])/gu,
  )) {
    if (QUESTION_WORDS.has((match[1] ?? "").toLowerCase())) continue;
    phrases.push(canonicalTerms(`${match[1]} ${match[2]}`));
  }
  return phrases;
}

/**
 * A thing the question names by a word in front of a short form ("Premium SSO") that the quote
 * writes only with another such word ("Standard SSO"): the other one's statement. Null when the quote
 * writes the one asked, writes the short form bare, or the question names none.
 */
function otherQualifiedOf(
  question: string,
  text: string,
  subjectTerms: readonly string[],
): { asked: string; said: string } | null {
  const subject = subjectStemsOf(subjectTerms);
  for (const match of question.matchAll(/\b(\p{Lu}\p{Ll}+)\s+(\p{Lu}{2,5})\b/gu)) {
    const [asked, qualifier, short] = match as unknown as [string, string, string];
    if (QUESTION_WORDS.has(qualifier.toLowerCase()) || subject.has(stem(normalizeForMatch(qualifier)))) continue;
    if (new RegExp(`\\b${qualifier}\\s+${short}\\b`, "i").test(text)) continue;
    const others = [...text.matchAll(new RegExp(`(?:\\b(\\p{Lu}\\p{Ll}+)\\s+)?\\b${short}\\b`, "gu"))];
    const qualified = others.filter((other) => other[1] !== undefined && !QUESTION_WORDS.has(other[1].toLowerCase()));
    if (qualified.length > 0 && qualified.length === others.length) return { asked, said: qualified[0]![0] };
  }
  return null;
}

/** The year a figure is asked of ("revenue in 2024"), not a bound ("since 2020", "by 2016"); null when none. */
function yearAskedOf(question: string): string | null {
  const match =
    /(?<!\b(?:since|before|after|until|till|by|from|through|between)\s+(?:(?:early|late|mid|spring|summer|autumn|fall|winter|the end of|the start of)\s+)?)\b((?:19|20)\d\d)\b/i.exec(
      question,
    );
  return match?.[1] ?? null;
}

/** What a plan, a tier or an edition is called: "Enterprise" of "Quillon's Enterprise plan". */
const NAMED_PLAN = /(?<=\S\s+)(\p{Lu}[\p{L}+-]*)\s+(?:plan|plans|tier|edition|package|subscription)\b/u;

/** The plan a question names, folded as normalizeForMatch folds; null when it names none but the subject's. */
function namedPlanOf(question: string, subjectTerms: readonly string[]): string | null {
  const name = NAMED_PLAN.exec(question)?.[1];
  // Any capitalised word before "plan" inside the question names one ("its Business tier").
  if (!name) return null;
  const folded = normalizeForMatch(name);
  return subjectStemsOf(subjectTerms).has(stem(folded)) ? null : folded;
}

/** Labels pages and structured data put before a value: "Person name:", "Organization url:". */
const LABEL_WORDS = new Set("name person organization organisation url type label title value".split(" "));

/** Whether a text answer holds no word beyond the question's, the subject's names and a label's. */
function addsNothing(text: string, question: string, asked: Pick<AskedQuestion, "subjectTerms" | "person">): boolean {
  const known = new Set([
    ...stemsOf(question),
    // The question's words as written too: "SOC" of "SOC 2", which the canonical form joins.
    ...normalizeForMatch(question)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(stem),
    ...subjectStemsOf(asked.subjectTerms),
    ...(asked.person ? stemsOf(`${asked.person.fullName ?? ""} ${asked.person.firstName ?? ""}`) : []),
  ]);
  // An address is a value of its own, whatever words it is made of: "security-reports@example.org".
  if (EMAIL.test(text.trim()) || /^https?:\/\/\S+$/i.test(text.trim())) return false;
  // "United States" is read as "us", which is no pronoun here.
  const words = stemsOf(text).filter(
    (word) => (!QUESTION_WORDS.has(word) || NAMED_SHORT_FORMS.has(word)) && !LABEL_WORDS.has(word),
  );
  if (words.length === 0) return stemsOf(text).length > 0;
  // A heading that echoes the question with a word more ("Breaking glass to debug production" for
  // "which region when breaking glass into production") adds no value of its own either.
  if (words.every((word) => known.has(word))) return true;
  const subject = subjectStemsOf(asked.subjectTerms);
  const own = words.filter((word) => !subject.has(word));
  const echoed = own.filter((word) => known.has(word)).length;
  return own.length >= 3 && echoed / own.length >= ECHO_SHARE;
}

/** Share of an answer's words taken from the question that makes it an echo of the question. */
const ECHO_SHARE = 0.75;

/** Where a name last stands as whole words in a text; -1 when it does not. */
function lastWholeIndex(text: string, name: string): number {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "giu");
  let last = -1;
  for (const match of text.matchAll(pattern)) last = match.index ?? last;
  return last;
}

/** Whether a quote opens by defining one of the topic's words: "SOC 2 is a framework", "GDPR refers to". */
function definesTopic(quote: string, topic: readonly TopicWord[]): boolean {
  const opening = canonicalTerms(quote).split(" ");
  const verb = opening.findIndex((word) => /^(?:is|are|refers|means|stands|describes)$/.test(word));
  if (verb < 1 || verb > 4) return false;
  const head = opening.slice(0, verb).map(stem);
  const article = opening[verb + 1] ?? "";
  return topic.some((entry) => speaksOf(head, entry)) && /^(?:a|an|the|to|for)$/.test(article);
}

const FUTURE =
  /\b(?:plans? to|planned|coming soon|not yet|draft|roadmap|in the process of|working (?:towards?|on obtaining|on getting)|in progress|underway|pursuing|preparing for|on track to|currently undergoing)\b/i;

/** A line that leads into a list of what is refused or left out: "criteria to reject any support from:". */
const REFUSING_LEAD =
  /\b(?:reject|refuse|decline|exclude|exclusion|prohibit|not accept|do not|don't|never|won't|will not|cannot|can't|no longer)\b/i;

/** Whether the quote is an item of a list, the line before the list's first item: "- Arms manufacturers" under "We reject:". */
function listLeadIn(passageText: string, quote: string): string | null {
  const found = lineOf(passageText, quote);
  if (!found || !/^\s*(?:[-*•]|\d+[.)])\s/.test(found.line)) return null;
  for (let index = found.index - 1; index >= 0; index -= 1) {
    const line = found.lines[index] ?? "";
    if (line.trim() === "" || /^\s*(?:[-*•]|\d+[.)])\s/.test(line)) continue;
    return line;
  }
  return null;
}

/** Whether every mention of the topic in a quote's sentence comes after a partner or a customer is named. */
function saidOfOtherParty(quote: string, topic: readonly TopicWord[]): boolean {
  const other = OTHER_PARTY.exec(quote);
  // "We sign ... with every customer": the page's own "we" is the one the statement is about.
  if (!other || topic.length === 0 || SUBJECT_WE.test(quote)) return false;
  const before = stemsOf(quote.slice(0, other.index));
  const after = stemsOf(quote.slice(other.index));
  const mentionedAfter = topic.some((entry) => speaksOf(after, entry));
  const mentionedBefore = topic.some((entry) => speaksOf(before, entry));
  return mentionedAfter && !mentionedBefore;
}

/** The page's own "we" as the one who does or has it ("we sign ... with every customer"); "our partner" is not. */
const SUBJECT_WE = /\b(?:we|we're|we've|we'll|us)\b/i;

/** The page speaking of itself: "we", "our", "us". */
const FIRST_PERSON = /\b(?:we|our|ours|us|we're|we've|we'll)\b/i;

/** Pronouns that refer back to a person named just before. */
const PRONOUNS = /\b(?:he|she|they|him|her|his|hers|their|them)\b/i;

/** Words of a question that ask about the person's company rather than the person. */
const ABOUT_COMPANY =
  /\b(?:her|his|their|the person's) (?:company|employer|organi[sz]ation|firm|startup)\b|\bcompany\b/i;

/** A question of which company the person works for asks about them: "Which company does Ada work for?". */
const ASKS_EMPLOYER =
  /\b(?:which|what) (?:company|employer|organi[sz]ation|firm)\b.*\b(?:work|works|worked|working|employs?|employed)\b|\bwork(?:s|ed|ing)? (?:for|at) (?:which|what)\b/i;

/** Where the person works, said to place the question, not to ask about the company. */
const AT_THEIR_COMPANY =
  /\b(?:at|in|within|inside|for) (?:her|his|their|the person's|this person's|the) (?:current )?(?:company|employer|organi[sz]ation|firm|startup)\b/gi;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where a quote starts in a text, found by its first words whatever lies between them; -1 when not found. */
function quoteStart(text: string, quote: string): number {
  const first = quote
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 4);
  if (first.length === 0) return -1;
  const source = first.map(escapeRegExp).join("[^\\p{L}\\p{N}]+");
  // A page's text is long and a Unicode, case-blind search of it slow: the pattern is tried only
  // where the quote's first word stands, as long as lower-casing keeps every character in place.
  const lower = text.toLowerCase();
  if (lower.length === text.length) {
    const head = first[0]!.toLowerCase();
    const sticky = new RegExp(source, "iuy");
    for (let at = lower.indexOf(head); at >= 0; at = lower.indexOf(head, at + 1)) {
      sticky.lastIndex = at;
      if (sticky.test(text)) return at;
    }
  }
  return new RegExp(source, "iu").exec(text)?.index ?? -1;
}

/**
 * A name the quote opens with, with the initials a sentence splitter cut off before it: "U.S.
 * Digital Service" where the quote begins at "Digital Service" because "U.S." ended a sentence.
 */
export function withInitialsBefore(name: string, evidence: Pick<AnsweringQuote, "quote" | "passageText">): string {
  const quote = evidence.quote.trimStart();
  if (!normalizeForMatch(quote).startsWith(normalizeForMatch(name))) return name;
  const at = quoteStart(evidence.passageText, quote);
  if (at <= 0) return name;
  const initials = /(?:^|[\s(])((?:\p{Lu}\.){2,4})\s+$/u.exec(
    evidence.passageText.slice(Math.max(0, at - 12), at),
  )?.[1];
  return initials ? `${initials} ${name}` : name;
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
  if (
    /\b(?:i|my|me)\b/i.test(evidence.quote) &&
    named(`${evidence.pageTitle ?? ""} ${evidence.pageText ?? evidence.passageText}`)
  )
    return true;
  // A page of their own (a profile, a post of theirs) is about them throughout.
  if (evidence.pageTitle && named(evidence.pageTitle)) return true;
  // The organisation's own voice ("how we work") speaks of the organisation, not of a person.
  if (/\b(?:we|our|us)\b/i.test(evidence.quote)) return false;
  // A card or a bio under their name: the last name written, a few lines above the quote, is theirs.
  for (const text of [evidence.passageText, evidence.pageText ?? ""]) {
    const at = quoteStart(text, evidence.quote);
    if (at <= 0) continue;
    const lines = text
      .slice(Math.max(0, at - 400), at)
      .split("\n")
      .filter((line) => line.trim() !== "");
    const before = lines.slice(-4).join("\n");
    const own = Math.max(...names.map((name) => lastWholeIndex(before, name)));
    if (own < 0) continue;
    const others = nameSpans(before.slice(own), false, []).filter((span) => !named(span));
    if (others.length === 0) return true;
  }
  return false;
}

/** Words that put another organisation in the sentence: a partner's, customer's or competitor's statement. */
const OTHER_PARTY =
  /\b(?:partner|partners|customer|customers|client|clients|competitor|competitors|sponsor|sponsors|vendor|vendors|supplier|suppliers|provider|providers|subprocessor|subprocessors|integration|integrations|reseller|resellers|member|members|portfolio)\b/i;

/**
 * Whether a quote speaks of a partner, a customer or a vendor the question does not ask about: "the
 * sponsors" is another party in a quote on funding, but what is asked in "Does it list its sponsors?".
 */
function otherPartyIn(quote: string, question: string): boolean {
  const asked = new Set(stemsOf(question));
  return [...quote.matchAll(new RegExp(OTHER_PARTY.source, "gi"))].some(
    (match) => !asked.has(stem(match[0].toLowerCase())),
  );
}

/** An answer that sends the reader elsewhere: "see the About page", "example.org/about for more information". */
const POINTER =
  /^\s*(?:[-•*·]\s*)?(?:see|visit|read|check out|refer to|go to|head to|click)\b|\bfor (?:more |further )?(?:information|info|details) (?:about|on|see)\b/i;

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
    if (short.length > 2 && containsWhole(text, short)) return true;
    // Its initials, as the page writes them in capitals: "EL" for "Example Labs".
    const words = term.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word));
    const initials = words.map((word) => word[0]).join("");
    return (
      words.length >= 2 &&
      words.length === term.split(/\s+/).length &&
      new RegExp(`(?<![\\p{L}\\p{N}])${initials}(?![\\p{L}\\p{N}])`, "u").test(quote)
    );
  });
}

/** Whether a text is a country's name or a city with its country, and nothing more: "Estonia", "Tartu, Estonia". */
function isPlaceName(text: string): boolean {
  const parsed = countryFromLocation(text);
  if (parsed.country === null) return false;
  const last = text.split(",").pop() ?? "";
  return normalizeForMatch(last).trim() === normalizeForMatch(parsed.country);
}

/**
 * Whether a one-word answer is the first word of a longer name wherever the quote writes it:
 * "United" of "in the United Kingdom as ...", "Jane" of "Jane Doe". A legal form after it
 * ("Hiberly Ltd.") or a word in lower case ("Visa card") is no part of the name.
 */
function cutFromName(text: string, quote: string): boolean {
  if (text === "" || /\s/.test(text)) return false;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, "gu");
  const mentions = [...quote.matchAll(pattern)];
  if (mentions.length === 0) return false;
  return mentions.every((mention) => {
    const after = quote.slice((mention.index ?? 0) + mention[0].length);
    const next = /^ (\p{Lu}[\p{L}'’-]*\.?)/u.exec(after)?.[1];
    return next !== undefined && !LEGAL_FORM.test(` ${next} `);
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

/** Stems of a question's words for the start of something: its date is the date of that start. */
const START_STEMS = /^(?:start|begin|began)$/;

/** Questions whose answer may be the page itself: "which page", "where can I read", "the announcement". */
/** The kind nouns a product or an organisation question may end its "which ..." with. */
const KIND_NOUN =
  /\b(?:which|what)\s+((?:[\p{L}\p{N}][\p{L}\p{N}'’-]*\s+){1,2})(?:services?|tools?|platforms?|software|products?|apps?|applications?|providers?|vendors?|systems?|processors?)\b/iu;

/**
 * The words that say which kind of product or provider is asked ("HR" of "Which HR platform",
 * "payment" of "which payment processor"): the subject's names, possessives and articles aside.
 */
function qualifierOf(question: string, subjectTerms: readonly string[]): TopicWord[] {
  const words = KIND_NOUN.exec(question)?.[1] ?? "";
  const subject = subjectStemsOf(subjectTerms);
  return canonicalTerms(words)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !QUESTION_WORDS.has(word) && !UNIT_WORDS.has(word))
    .map((word) => topicWord(word, { titles: false }))
    .filter((entry) => !subject.has(entry.word) && !/['’]s?$/.test(entry.word));
}

/** Most words between a person's name (or a pronoun after it) and what a quote says of them. */
const PERSON_REACH = 20;

/** Word positions of a sequence of words in a list of words. */
function positionsOf(words: readonly string[], wanted: readonly string[]): number[] {
  const found: number[] = [];
  if (wanted.length === 0) return found;
  for (let at = 0; at + wanted.length <= words.length; at += 1)
    if (wanted.every((word, offset) => words[at + offset] === word)) found.push(at);
  return found;
}

/**
 * Whether the answer stands in the quote more than {@link PERSON_REACH} words from every mention of the
 * person (their names, or a pronoun after one). False where the quote does not hold both.
 */
function farFromPerson(person: PersonIdentity, quote: string, answer: string): boolean {
  const words = normalizeForMatch(quote)
    .split(/[^\p{L}\p{N}@.]+/u)
    .filter(Boolean);
  const wordsOf = (text: string) =>
    normalizeForMatch(text)
      .split(/[^\p{L}\p{N}@.]+/u)
      .filter(Boolean);
  const answerWords = wordsOf(answer);
  const answerAt = positionsOf(words, answerWords);
  if (answerAt.length === 0) return false;
  const names = [person.fullName, person.firstName, person.fullName?.split(/\s+/).slice(-1)[0] ?? null].filter(
    (name): name is string => !!name && name.length > 1,
  );
  const mentions = names.flatMap((name) => positionsOf(words, wordsOf(name)));
  if (mentions.length === 0) return false;
  const first = Math.min(...mentions);
  words.forEach((word, at) => {
    if (at > first && PRONOUNS.test(word)) mentions.push(at);
  });
  const gap = Math.min(
    ...answerAt.flatMap((start) =>
      mentions.map((mention) =>
        mention < start ? start - mention : Math.max(0, mention - (start + answerWords.length - 1)),
      ),
    ),
  );
  return gap > PERSON_REACH;
}

/** What the industry or most companies do, as a quote may set the subject's own way against it. */
const OTHERS_NORM =
  /\b(?:industry(?:[- ]standard)?|(?:most|many|other|typical|traditional) (?:companies|startups|employers|firms|organi[sz]ations|businesses)|the norm|common practice|standard practice|typically|traditionally)\b/i;
/** Words of what is usual in general: "often", "usually", "most providers". */
const GENERALLY =
  /\b(?:often|usually|typically|generally|commonly|normally|in general|traditionally|(?:most|many) (?:companies|startups|employers|firms|organi[sz]ations|businesses|providers|vendors|services|people|users|teams))\b/i;
const SET_AGAINST =
  /\b(?:unlike|instead|rather than|but we|whereas|however|bogus|nonsense|we disagree|not for us|we don['’]t|we do not)\b/i;

/** A topic word the quote writes only inside quotation marks, lowercase: 'the "bug"'. */
function scareQuoted(quote: string, topic: readonly TopicWord[]): string | null {
  for (const match of quote.matchAll(/["“”‘’']([\p{Ll}][\p{Ll}-]*(?: [\p{Ll}-]+)?)["“”‘’']/gu)) {
    const inside = match[1] ?? "";
    if (topicFound(topic, inside).length === 0) continue;
    const outside = `${quote.slice(0, match.index)} ${quote.slice((match.index ?? 0) + match[0].length)}`;
    if (topicFound(topic, inside).every((entry) => topicFound([entry], outside).length === 0)) return inside;
  }
  return null;
}

/** Nouns that name a document or a programme by the word in front of them: "sponsorship policy", "partner programme". */
const DOCUMENT_NOUNS = "policy|policies|agreement|notice|program|programme|charter";

/** The passage up to the end of the quote: a heading above it says what it is under. */
function upToQuoteOf(evidence: Pick<AnsweringQuote, "quote" | "passageText">): string {
  const at = quoteStart(evidence.passageText, evidence.quote);
  return evidence.passageText.slice(0, Math.max(0, at));
}

/**
 * A document the question names by a word in front of its noun ("the sponsorship policy") where the quote,
 * its heading and its page's title name that noun only with other words ("Privacy Policy"): the
 * other document's statement. Null when the quote names the one asked, or the noun not at all.
 */
function otherDocumentOf(question: string, text: string): { asked: string; said: string } | null {
  const nouns = new RegExp(`\\b([\\p{L}-]{3,})\\s+(${DOCUMENT_NOUNS})\\b`, "giu");
  for (const match of question.matchAll(nouns)) {
    const [asked, word, noun] = match as unknown as [string, string, string];
    if (QUESTION_WORDS.has(word.toLowerCase()) || /['’]s$/.test(word)) continue;
    const head = noun.toLowerCase().replace(/ies$/, "y");
    // The word in front, or the two before it written as one ("Code Share Agreement" for "codeshare agreement").
    const written = new RegExp(`(?:\\b([\\p{L}-]+)\\s+)?\\b([\\p{L}-]{3,})\\s+(${DOCUMENT_NOUNS})\\b`, "giu");
    const said = [...text.matchAll(written)].filter(
      (other) => (other[3] ?? "").toLowerCase().replace(/ies$/, "y") === head,
    );
    if (said.length === 0) continue;
    // The same word, one pages use for it ("PTO" for "vacation"), or its parts written apart.
    const entry = topicWord(word.toLowerCase(), { titles: false });
    const same = (other: RegExpMatchArray) =>
      topicFound([entry], other[2] ?? "").length > 0 ||
      sameWord(stem(`${other[1] ?? ""}${other[2] ?? ""}`.toLowerCase()), entry.word);
    if (said.some(same)) continue;
    const named = said.filter((other) => !QUESTION_WORDS.has((other[2] ?? "").toLowerCase()));
    if (named.length === said.length) return { asked: asked.toLowerCase(), said: `${named[0]![2]} ${named[0]![3]}` };
  }
  return null;
}

/** Roles a board has. */
const BOARD_ROLE =
  /\b(?:chair|chairs|chairman|chairwoman|chairperson|president|treasurer|secretary|trustee|director|member|observer|governor)\b/i;

/** A question for the legal entity: its name, who operates or owns it. */
const ASKS_FOR_ENTITY =
  /\b(?:legal|entity|entities|registered|incorporated|company name|operates|operated|operator|owns|owned|owner|parent|subsidiary|runs|behind)\b/i;

/** A question for where source code is kept, and the hosts that keep it. */
const ASKS_FOR_REPOSITORY = /\b(?:repository|repositories|repo|repos|source code)\b/i;
const CODE_HOST = /\b(?:github|gitlab|bitbucket|codeberg|sourcehut|sr\.ht|sourceforge|gitea)\b|\/\/git\./i;

/** Stems of the words for a page itself, and of the verbs for reading one. */
const PAGE_WORDS =
  /^(?:page|post|articl|announc|blog|document|doc|guid|polic|policy|handbook|faq|changelog|press|releas|link|url)/;
const READING_WORDS = new Set(["read", "find", "see", "learn", "open", "visit"].map(stem));

const ASKS_FOR_PAGE =
  /\b(?:page|pages|post|article|announcement|blog|documentation|docs|guide|policy|handbook|faq|changelog|press release|where can (?:i|we|one) (?:read|find|see|learn))\b/i;

/** Words by which a question asks for a person's or an account's handle on a site. */
const HANDLE_ASKED = /\b(?:handle|user ?name|screen name|nickname)\b/i;
/** A handle written inside a longer answer: "@ada", "Ada Lind (adalind)", "GitHub: adalind". */
const HANDLE_WRITTEN =
  /(?:^|[\s(])@[\p{L}\p{N}_.-]+|\([\p{L}\p{N}_.-]+\)|\b(?:github|gitlab|twitter|handle|user ?name)\s*:\s*@?[\p{L}\p{N}_.-]+/iu;

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
/** A question about a name: why it is called so, what it stands for or means, where it comes from. */
const NAME_ASKED =
  /\bwhy\b.*\b(?:called|named)\b|\bstands?\s+for\b|\b(?:name|names)\b.*\b(?:mean|means|meaning|come from|comes from|origin)\b|\borigin of\b.*\bname\b/i;
/** Words that speak of a name: "our name is short for", "named after", "stands for". */
const NAMING_WORDS =
  /\b(?:name|named|names|naming|called|stands?\s+for|short\s+for|abbreviat\w*|acronym|initials|means|meaning|refers?\s+to)\b/i;

/** Sites whose name labels a profile's handle on a card: "GitHub: ada-lind", "Mastodon: @ada@example.social". */
const PROFILE_SITES =
  /^(?:github|gitlab|codeberg|twitter|x|linkedin|mastodon|bluesky|instagram|facebook|youtube|threads|keybase|dribbble|behance|medium|substack|telegram|discord)$/i;

/** Whether the answer is a profile site's name standing in the quote as the label of a handle. */
function labelsAHandle(answer: string, quote: string): boolean {
  if (!PROFILE_SITES.test(answer.trim())) return false;
  const escaped = answer.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}\\s*:\\s*@?[\\p{L}\\p{N}_]`, "iu").test(quote);
}

/**
 * Whether the quote opens by spelling an option out and saying what it is, as a glossary does:
 * "AL2 (Assurance Level Two) provides ...", "Grade AL3 (Assurance Level Three) is ...".
 */
function definesOption(option: string, quote: string): boolean {
  const escaped = option.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // An option that carries its own gloss ("QTS (qualified time stamp)") is spelled out already.
  const gloss = /\([^)]{3,}\)\s*$/.test(option) ? "" : "\\s*\\([^)]{3,}\\)";
  return new RegExp(
    `^\\W*(?:[\\p{L}\\p{N}-]+\\s+)?${escaped}${gloss}\\s+(?:is|are|provides|offers|means|refers|requires|gives|adds|ensures)\\b`,
    "iu",
  ).test(quote);
}

export function answersQuestion(asked: AskedQuestion, evidence: AnsweringQuote): QuestionCheck {
  const { kind, value } = asked;
  // Examples a question or a field's description gives are not what is asked: "such as Seed or Series A".
  const question = withoutExamples(asked.question);
  const quote = evidence.quote;
  const topic = topicOf(question, asked.subjectTerms);
  // A quote goes on from the sentence before it: "we run X on each push" after one about leaked secrets.
  // The page's title says what the page is about: a customer quote on a page about web analytics.
  const text = typeof value === "string" ? value.trim() : "";
  // For the page itself as the answer, its address says what it is ("/careers").
  const ownAddress =
    kind === "url" && comparableUrl(evidence.url) === comparableUrl(text) ? evidence.url.replace(/[/._-]+/g, " ") : "";
  // An address answer speaks through its own words too: "/careers", "github.com/example".
  const answerAddress = kind === "url" ? text.replace(/[/._:?=&#-]+/g, " ") : "";
  const found = topicFound(
    topic,
    `${evidence.pageTitle ?? ""} ${ownAddress} ${answerAddress} ${leadIn(evidence.passageText, quote)} ${quote}`,
  );
  const topicShare = topic.length === 0 ? 1 : found.length / topic.length;
  const subjectNamed = asked.person
    ? namesPerson(asked.person, { quote, passageText: "" })
    : namesSubject(asked.subjectTerms, quote);
  let kindShown = false;
  // A count stands next to what it counts: that is the topic, shown.
  let countedShown = false;

  // The person asked about must be the one the quote speaks of ("responsible for at their company" asks of them).
  if (
    asked.person &&
    (!ABOUT_COMPANY.test(question.replace(AT_THEIR_COMPANY, " ")) || ASKS_EMPLOYER.test(question)) &&
    !namesPerson(asked.person, evidence)
  ) {
    return {
      holds: false,
      reason: `the quote does not name ${asked.person.fullName ?? asked.person.firstName ?? "the person"}`,
    };
  }

  // "Hi, I'm Ingrid; I moved to Spain in 2019": another person speaking of themselves.
  const speaker = asked.person ? speakerOf(quote) : null;
  if (asked.person && speaker && !speaksAs(asked.person, speaker))
    return { holds: false, reason: `the quote is ${speaker}'s own words about themselves` };

  // In a quote that names several people, what is asked of the person stands near their name: the
  // founders named 40 words before "Ada Lind (Founder, Acme)" are not the company she founded.
  if (asked.person && asked.type === "TEXT" && text && farFromPerson(asked.person, quote, text))
    return {
      holds: false,
      reason: `the quote says "${shorten(text)}" far from ${asked.person.fullName ?? asked.person.firstName ?? "the person"}`,
    };

  // A handle or a user name is one word ("@ada", "ada-lind"), or written as one inside the answer
  // ("Ada Lind (adalind)"): a line about the site it is on is none.
  if (
    asked.type === "TEXT" &&
    HANDLE_ASKED.test(question) &&
    !/^@?[\p{L}\p{N}_.-]{1,40}$/u.test(text) &&
    !HANDLE_WRITTEN.test(text)
  ) {
    return { holds: false, reason: "a handle or user name is one word" };
  }

  // A question on a page (an FAQ's heading) asks; it states nothing.
  if (/\?\s*["”’']?\s*$/.test(quote)) return { holds: false, reason: "the quote is a question, not a statement" };

  // "Why is it called X?", "What does X stand for?": the answer speaks of the name.
  if (NAME_ASKED.test(question) && !NAMING_WORDS.test(`${leadIn(evidence.passageText, quote)} ${quote}`))
    return { holds: false, reason: "the quote says nothing of the name" };

  // An answer must say something the question and the subject's names do not: "Person name: Jane Doe" answers no role.
  if (
    asked.type === "TEXT" &&
    ["title", "text", "city", "country", "product"].includes(kind) &&
    addsNothing(text, question, asked)
  ) {
    return { holds: false, reason: "the answer only repeats the question or names the subject" };
  }
  // "Series A" is not "Series B", "Plan 2" not "Plan 3": a name with a letter or a number must be there whole.
  const missing = specificPhrases(question).filter(
    (phrase) =>
      !canonicalTerms(`${evidence.pageTitle ?? ""} ${leadIn(evidence.passageText, quote)} ${quote}`).includes(phrase),
  );
  if (missing.length > 0) return { holds: false, reason: `the quote does not speak of ${missing.join(", ")}` };
  // "Premium SSO" asked: what the quote says of "Standard SSO" is the other one's.
  const otherQualified = otherQualifiedOf(
    question,
    `${leadIn(evidence.passageText, quote)} ${quote}`,
    asked.subjectTerms,
  );
  if (otherQualified)
    return { holds: false, reason: `the quote speaks of ${otherQualified.said}, not ${otherQualified.asked}` };
  // "When was the sponsorship policy last updated?": the date of the cookie policy is another document's.
  const otherDocument = otherDocumentOf(question, `${evidence.pageTitle ?? ""} ${upToQuoteOf(evidence)} ${quote}`);
  if (otherDocument)
    return { holds: false, reason: `the quote speaks of ${otherDocument.said}, not ${otherDocument.asked}` };
  // "The address of Example GmbH": what the quote says of "Example Inc" is the other entity's.
  const otherEntity = otherEntityOf(question, `${leadIn(evidence.passageText, quote)} ${quote}`, asked.subjectTerms);
  if (otherEntity) return { holds: false, reason: `the quote speaks of ${otherEntity.said}, not ${otherEntity.asked}` };
  // "What does the Enterprise plan cost?": the price of another plan is not its price. The plan is
  // named by the quote, or above it in its passage (the column of a pricing table it stands under,
  // "Business $19 /month" over a list of features), or by the page's title.
  const plan = namedPlanOf(question, asked.subjectTerms);
  const upToQuote = evidence.passageText.slice(0, Math.max(0, quoteStart(evidence.passageText, quote)) + quote.length);
  if (plan !== null && !containsWhole(normalizeForMatch(`${evidence.pageTitle ?? ""} ${upToQuote} ${quote}`), plan))
    return { holds: false, reason: `the quote does not speak of the ${plan} plan` };
  // About a person, a sentence that names them is a copy of the quote, not the value asked: "You'll meet with Ada to review ...".
  if (
    asked.person &&
    asked.type === "TEXT" &&
    (kind === "text" || kind === "title") &&
    text.split(/\s+/).length >= 6 &&
    namesPerson(asked.person, { quote: text, passageText: text })
  )
    return { holds: false, reason: "the answer copies a sentence about the person rather than giving the value" };
  // "GitHub: ada-lind" on a card: the site's name labels a handle; it is not where the person works.
  if (asked.type === "TEXT" && text && labelsAHandle(text, quote))
    return { holds: false, reason: `"${shorten(text)}" labels a handle in the quote rather than giving a value` };
  // A pointer to where it is told ("see our About page", "- example.org/about for information about us") tells nothing.
  if (asked.type === "TEXT" && POINTER.test(text))
    return { holds: false, reason: `"${shorten(text)}" points to where it is told rather than telling it` };
  // A name, a place or a title is no line of a list: "- Add the new hire to the chat" is a task.
  if (asked.type === "TEXT" && kind !== "text" && /^\s*[-•*·]\s/.test(text))
    return { holds: false, reason: `"${shorten(text)}" copies a line of a list rather than giving a value` };
  if (asked.type === "TEXT" && / \| /.test(text))
    return { holds: false, reason: "the answer copies a row of a table rather than giving its value" };
  // "Design · Culture at Example · Remote work": a post's categories or a page's breadcrumbs, not a value.
  if (asked.type === "TEXT" && / [·•›»] /.test(text))
    return { holds: false, reason: "the answer copies a line of categories or links rather than giving a value" };
  // An answer that ends on "an", "of", "and" or a comma was cut off in the middle of what it says.
  if (asked.type === "TEXT" && text.split(/\s+/).length >= 3 && CUT_OFF.test(text))
    return { holds: false, reason: `"${shorten(text)}" stops in the middle of a phrase` };
  // The quote's first words, cut off before its sentence ends, are a copy of it, not the span that answers.
  if (asked.type === "TEXT" && kind === "text" && copiesOpening(text, quote))
    return {
      holds: false,
      reason: `"${shorten(text)}" copies the quote's opening words rather than giving the answer`,
    };
  // "How long", "how much", "how many" asked in words: the answer holds a figure, or a span of time.
  const measure = MEASURE_ASKED.find(([cue]) => cue.test(question));
  if (asked.type === "TEXT" && measure && !measure[1].test(text))
    return { holds: false, reason: `"${shorten(text)}" states no ${measure[2]}` };
  // A place, an employer or a product is not the person asked about: "Tom Doe, Board Member" names no company.
  if (asked.person && PLACE_OR_THING.has(kind) && namesPerson(asked.person, { quote: text, passageText: "" }))
    return { holds: false, reason: `"${shorten(text)}" names the person asked about, not ${kindInWords(kind)}` };
  switch (kind) {
    case "email": {
      if (!EMAIL.test(text)) return { holds: false, reason: `"${text}" is not an e-mail address` };
      // "The e-mail for reseller partnerships": an address the quote gives for press questions is
      // the press desk's, unless the question asks for that desk.
      if (!asked.person) {
        const desk = otherDesk(question, quote, text);
        if (desk) return { holds: false, reason: `the quote gives ${text} for ${desk} inquiries, which are not asked` };
      }
      kindShown = true;
      break;
    }
    case "phone":
      if (!PHONE.test(text)) return { holds: false, reason: `"${text}" is not a phone number` };
      kindShown = true;
      break;
    case "identifier":
      if (!/\d/.test(text) || text.split(/\s+/).length > 6)
        return { holds: false, reason: `"${text}" is not an identifier or a number` };
      kindShown = true;
      break;
    case "address":
      // "Which address takes security questions?" is answered by an e-mail, unless a street or the post is asked.
      if (EMAIL.test(text) && !POSTAL_ASKED.test(question)) {
        kindShown = true;
        break;
      }
      if (!/\d/.test(text) && !namesPlace(text)) return { holds: false, reason: `"${text}" is not a postal address` };
      // An amount of money or a share is no part of an address: "expense up to $3,000".
      if (/[$€£¥]\s?\d|\d\s?(?:%|percent\b)/iu.test(text))
        return { holds: false, reason: `"${shorten(text)}" is not a postal address` };
      if (readsAsSentence(text)) return { holds: false, reason: `"${shorten(text)}" is a sentence, not an address` };
      kindShown = true;
      break;
    case "country": {
      const parsed = countryFromLocation(text);
      const named = parsed.countryCode !== null && parsed.city === null;
      if (!named && countryFromLocation(`x, ${text}`).countryCode === null)
        return { holds: false, reason: `"${text}" is not a country` };
      kindShown = true;
      break;
    }
    case "city": {
      if (!looksLikeName(text, 4)) return { holds: false, reason: `"${text}" is not the name of a place` };
      const parsed = countryFromLocation(text);
      // "Where is she based?" is answered by a country where that is all the page says; "which city" is not.
      const cityNamed = /\b(?:city|cities|town)\b/i.test(question);
      if (cityNamed && parsed.countryCode !== null && parsed.city === null && text.split(",").length === 1)
        return { holds: false, reason: `"${text}" is a country or a region, not a city` };
      // Where the quote names the place the question's words lead to ("now based in Nairobi"), the answer is that one.
      const asksWhere = /\b(?:where|which city|what city|which town)\b/i.test(question);
      const led = [...quote.matchAll(PLACE_AFTER)].filter((match) => {
        const parsed = countryFromLocation(`${match[1] ?? ""}${match[2] ?? ""}`);
        // "based in X" names a place whatever X is; after a bare "in", X must read as one ("in May" does not).
        const cued =
          /^(?:based|located|headquartered)\b/i.test(match[0]) ||
          /\b(?:based|located|lives?|living)\s+$/i.test(
            quote.slice(Math.max(0, (match.index ?? 0) - 12), match.index ?? 0),
          );
        if (!asksWhere || (!cued && !parsed.city && !(match[2] && parsed.countryCode))) return false;
        const placeAt = (match.index ?? 0) + match[0].indexOf(match[1] ?? "");
        const lead = wordsAround(quote, placeAt, placeAt, 5, 0).flatMap((word) => stemsOf(word));
        return topic.some((entry) => speaksOf(lead, entry));
      });
      // "in Ann Arbor, Michigan" places it in "Ann Arbor, Michigan" too: the led place may stop at its comma.
      const ledPlace = (match: RegExpMatchArray) => normalizeForMatch(match[1] ?? "").trim();
      const sameOrWider = (match: RegExpMatchArray) =>
        ledPlace(match) === normalizeForMatch(text) ||
        (ledPlace(match) !== "" && normalizeForMatch(text).startsWith(`${ledPlace(match)},`));
      if (led.length > 0 && !led.some(sameOrWider))
        return { holds: false, reason: `the quote places it in ${(led[0]?.[1] ?? "").trim()}, not ${text}` };
      // An address, or the place after "in", "from" or "based in": "leads the team from Berlin". About a
      // person, a place the quote names with them is where they are: a card's "Jane Roe, Engineer, Lyon, France".
      kindShown =
        looksLikeAddress(quote) ||
        new RegExp(`\\b(?:in|from|at|near|based|located|headquartered)\\s+${escapeRegExp(text)}\\b`, "iu").test(
          quote,
        ) ||
        (asked.person !== null && namesKnownPlace(text, quote));
      break;
    }
    case "region":
      if (!looksLikeName(text, 4)) return { holds: false, reason: `"${text}" is not the name of a place` };
      break;
    case "person":
      // "Organization name: Example Labs" is a label and the subject's own name, no one's name.
      if (!looksLikeName(text, 5) || text.includes(":"))
        return { holds: false, reason: `"${text}" is not a person's name` };
      // "Code Search", "User Group", "Security Policies": the name of a thing, not of anyone.
      if (namesAThing(text, evidence.pageText ?? evidence.passageText))
        return { holds: false, reason: `"${text}" names a thing, not a person` };
      if (addsNothing(text, question, { subjectTerms: asked.subjectTerms, person: null }))
        return { holds: false, reason: `"${text}" names the subject, not a person` };
      if (cutFromName(text, quote)) return { holds: false, reason: `"${text}" is cut from a longer name` };
      break;
    case "name":
      // A round's, a plan's or a programme's name: a few capitalised words, not a copied sentence.
      if (!looksLikeName(text, 8) || text.includes(":")) return { holds: false, reason: `"${text}" is not a name` };
      break;
    case "title": {
      // A title is a few words with a role in them, not a sentence that mentions one.
      if (text.split(/\s+/).length > 8 || !hasRoleWord(text))
        return { holds: false, reason: `"${shorten(text)}" is not a role or a title` };
      // "Which position does she hold on the board?": a board's role, or one the passage gives on a board.
      if (
        /\bboard\b/i.test(question) &&
        !BOARD_ROLE.test(text) &&
        !/\bboard\b/i.test(`${evidence.pageTitle ?? ""} ${evidence.passageText}`)
      )
        return { holds: false, reason: `"${shorten(text)}" is no role on a board` };
      kindShown = true;
      break;
    }
    case "organisation":
    case "product":
      if (!looksLikeName(text, 8)) return { holds: false, reason: `"${text}" is not a name` };
      // "incorporated as a legal entity in Estonia": a country or a city is where it is, not who.
      if (kind === "organisation" && isPlaceName(text))
        return { holds: false, reason: `"${shorten(text)}" is a place, not an organisation` };
      if (cutFromName(text, quote)) return { holds: false, reason: `"${text}" is cut from a longer name` };
      // "Which organisation contributed the Example Handbook?": the handbook's name is no contributor.
      if (kind === "organisation" && repeatsQuestionName(text, question, asked.subjectTerms))
        return { holds: false, reason: `"${shorten(text)}" is a name the question gives, not the one it asks` };
      // "SEO-optimized" for "which SEO tool": the question's own word with common ones names nothing.
      if (commonWordsBeside(text, question))
        return { holds: false, reason: `"${shorten(text)}" holds only the question's words and common ones, no name` };
      // "Jon Harlow (Co-founder/CEO)" for "which company": the passage gives the name a person's title.
      if (kind === "organisation" && titledAsPerson(text, evidence.passageText))
        return { holds: false, reason: `the passage gives "${shorten(text)}" a person's title; it is no organisation` };
      // "Example's venture firm GV": what the quote names is the firm after the description, not the owner.
      if (kind === "organisation" && describesAnother(text, quote))
        return { holds: false, reason: `the quote names the organisation after "${shorten(text)}", not it` };
      // "Which HR platform": the passage must speak of the kind of platform asked, not only of a platform.
      if (kind === "product" || kind === "organisation") {
        const untold = qualifierOf(question, asked.subjectTerms).filter(
          (entry) => topicFound([entry], `${evidence.pageTitle ?? ""} ${evidence.passageText} ${quote}`).length === 0,
        );
        if (untold.length > 0)
          return {
            holds: false,
            reason: `the passage does not speak of ${untold.map((entry) => entry.word).join(" ")} for "${shorten(text)}"`,
          };
      }
      // A legal form names the entity ("Example Inc.", "Example GmbH"), which shows the answer where
      // the entity is what is asked; "which service sends its e-mails" asks what the service does.
      kindShown = LEGAL_FORM.test(text) && ASKS_FOR_ENTITY.test(question);
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
        // "On what day", "from what date": a year or a month alone does not say which day.
        if (ASKS_DAY.test(question) && !/^\d{4}-\d{2}-\d{2}/.test(String(value)))
          return { holds: false, reason: `the day is asked, and ${value} does not say which` };
        // "2011-03-01 – 2015-06-30": an end is asked of the range's end, a start of its start.
        const range = yearRange(quote);
        const year = Number(String(value).slice(0, 4));
        const asksEnd =
          /\b(?:end|ended|ends|left|leave|leaving|until|step(?:ped|s)? down|expire[sd]?|finish(?:ed)?|retire[sd]?)\b/i;
        const asksStart = /\b(?:start|started|begin|began|join|joined|since|appointed|elected|took office|became)\b/i;
        if (range && asksEnd.test(question) && year !== range[1])
          return { holds: false, reason: `the quote's range ends in ${range[1]}, not ${year}` };
        if (range && asksStart.test(question) && !asksEnd.test(question) && year !== range[0])
          return { holds: false, reason: `the quote's range starts in ${range[0]}, not ${year}` };
        // "When did X start working on Y": a year the quote gives of something else (a batch, a round) is not
        // when it started. Where the quote does not speak of a start, it must speak of all else that is asked.
        const said = `${leadIn(evidence.passageText, quote)} ${quote}`;
        const start = topic.filter((entry) => START_STEMS.test(entry.word));
        const untold = topic.filter(
          (entry) => !START_STEMS.test(entry.word) && !UNIT_WORDS.has(entry.word) && !topicFound([entry], said).length,
        );
        if (!range && start.length > 0 && topicFound(start, said).length === 0 && untold.length > 0)
          return {
            holds: false,
            reason: `the quote does not tie the date to the start of ${untold.map((entry) => entry.word).join(", ")}`,
          };
        // "Prior to Example, he co-founded Quillmark (IPO in 2021)": 2021 dates a listing, not a founding.
        const event = otherEventDated(question, quote, String(value).slice(0, 4));
        if (event)
          return { holds: false, reason: `the quote gives ${String(value).slice(0, 4)} as the date of a ${event}` };
        const elsewhere = datedElsewhere(topic, quote, String(value).slice(0, 4));
        if (elsewhere)
          return {
            holds: false,
            reason: `the quote dates ${elsewhere} in another clause, not with ${String(value).slice(0, 4)}`,
          };
        break;
      }
      if (asked.type !== "NUMBER") break;
      const number = typeof value === "number" ? value : Number(value);
      const counted = kind === "count" ? countedWords(question, asked.subjectTerms) : [];
      const mentions = mentionsOf(quote, number);
      // Stated only as part of a larger figure or a name: 3 out of "3M", 1.5 out of "$1.5M".
      if (mentions.length === 0) return { holds: false, reason: `the quote does not state ${value} as written` };
      const unit = kind === "duration" ? askedTimeUnit(question) : null;
      if (!mentions.some((mention) => mentionFits(mention, quote, kind, counted, unit))) {
        const shown = mentions[0]!;
        const reason = shown.insideToken
          ? `the quote's ${value} is part of a name or a code`
          : shown.yearLike && kind !== "year"
            ? `the quote's ${value} is a year, not ${kind === "money" ? "an amount" : `a ${kind}`}`
            : kind === "count" && counted.length > 0
              ? `the quote does not state ${value} as a count of ${counted.map((entry) => entry.word).join(" ")}`
              : unit !== null && kind === "duration"
                ? `the quote does not state ${value} ${unit}s`
                : kind === "money"
                  ? `the quote does not state ${value} as an amount of money`
                  : `the quote does not state ${value} as a ${kind}`;
        return { holds: false, reason };
      }
      const event = kind === "year" ? otherEventDated(question, quote, String(number)) : null;
      if (event) return { holds: false, reason: `the quote gives ${number} as the date of a ${event}` };
      const elsewhere = kind === "year" ? datedElsewhere(topic, quote, String(number)) : null;
      if (elsewhere)
        return { holds: false, reason: `the quote dates ${elsewhere} in another clause, not with ${number}` };
      // "$3 for every review" is no total, "1 token every 15 minutes" no count over seven days.
      const rate = rateSaidFor(question, quote);
      if (rate) return { holds: false, reason: rate };
      // Of several figures of the kind asked, the one the question's words lead to: "a $1.25M round,
      // bringing our total funding to $1.54M" gives 1.54M as the total.
      const led = LED_KINDS.has(kind) ? ledFigure(quote, number, kind, counted, unit, topic) : null;
      if (led !== null)
        return {
          holds: false,
          reason: `the quote ties ${led.figure}, not ${value}, to what is asked`,
        };
      // "Revenue in 2024": a figure of another year, or of none said, is not that year's. The year may
      // stand in the quote, in its passage above it (a table's lead-in), or in the page's title or address.
      const year = kind === "year" ? null : yearAskedOf(question);
      if (year !== null && !`${evidence.pageTitle ?? ""} ${evidence.url} ${upToQuote} ${quote}`.includes(year))
        return { holds: false, reason: `the quote does not say it of ${year}` };
      // A valuation is not the amount raised, nor revenue: the quote must say which figure it gives.
      const figure = kind === "money" ? MONEY_FIGURES.find(([asks]) => asks.test(question)) : undefined;
      if (figure && !figure[1].test(`${leadIn(evidence.passageText, quote)} ${quote}`))
        return { holds: false, reason: `the quote does not speak of ${figure[2]}` };
      kindShown = kind !== "number";
      countedShown = kind === "count" && counted.length > 0;
      break;
    }
    case "url": {
      const wanted = comparableUrl(text);
      const inQuote = normalizeForMatch(quote).includes(wanted.replace(/\/$/, ""));
      // A link counts when its text says more than the subject's name (a logo's link home says nothing).
      const linked = evidence.links.some(
        (link) =>
          comparableUrl(link.url) === wanted &&
          comparableUrl(link.url) !== comparableUrl(evidence.url) &&
          !addsNothing(link.text, "", asked) &&
          link.text.trim() !== "" &&
          normalizeForMatch(quote).includes(normalizeForMatch(link.text)),
      );
      // The page itself answers "which page" only when its quote does not point elsewhere.
      // A quote that writes out another address points there, not to its own page.
      // So does a link beside it that names what is asked: "Current Trademark Policy" for a trademark policy.
      const asksAbout = topic.filter((entry) => !UNIT_WORDS.has(entry.word));
      const pointsElsewhere =
        /https?:\/\/\S+/.test(quote) ||
        evidence.links.some(
          (link) =>
            comparableUrl(link.url) !== comparableUrl(evidence.url) &&
            link.text.trim().length > 2 &&
            normalizeForMatch(evidence.passageText).includes(normalizeForMatch(link.text)) &&
            asksAbout.length > 0 &&
            topicFound(asksAbout, link.text).length >= Math.ceil(asksAbout.length / 2),
        );
      const isThePage = comparableUrl(evidence.url) === wanted && ASKS_FOR_PAGE.test(question) && !pointsElsewhere;
      if (!inQuote && !linked && !isThePage)
        return { holds: false, reason: `the quote neither gives nor links ${text}` };
      // The page as the answer: its title or address must say it is the page asked for.
      if (!inQuote && !linked) {
        // What the page is about, beside the word for a page ("policy", "post"): a privacy policy is
        // no refund policy. Half of those words, and at least one, must be in its title or address.
        const pageTopic = topic.filter((entry) => !UNIT_WORDS.has(entry.word));
        const about = pageTopic.filter((entry) => !PAGE_WORDS.test(entry.word) && !READING_WORDS.has(entry.word));
        const what = `${evidence.pageTitle ?? ""} ${evidence.url.replace(/[/._-]+/g, " ")}`;
        if (pageTopic.length > 0 && topicFound(pageTopic, what).length === 0)
          return { holds: false, reason: `the page ${text} is not the page asked for` };
        // "Where is the handbook's source repository?": the handbook itself is not where its source is kept.
        if (ASKS_FOR_REPOSITORY.test(question) && !CODE_HOST.test(text))
          return { holds: false, reason: `the page ${text} is not a code repository` };
        if (about.length > 0 && topicFound(about, what).length < Math.ceil(about.length / 2))
          return { holds: false, reason: `the page ${text} is not the page asked for` };
      }
      kindShown = inQuote || linked;
      break;
    }
    case "yes-no": {
      // Another organisation's page says yes or no of the subject only where it names the subject:
      // "maps and privacy are not at odds" on a vendor's page says nothing of its customers.
      if (
        evidence.ownSite === false &&
        !subjectNamed &&
        !(asked.person
          ? namesPerson(asked.person, { quote, passageText: evidence.passageText })
          : namesSubject(asked.subjectTerms, `${evidence.pageTitle ?? ""} ${evidence.passageText}`))
      )
        return { holds: false, reason: "the quote is on another organisation's page and does not name the subject" };
      // A statement of a partner, customer or competitor is not one of the subject.
      if (otherPartyIn(quote, question) && !subjectNamed && !SUBJECT_WE.test(quote))
        return { holds: false, reason: "the quote speaks of another organisation, not the subject" };
      // "ideal for customers who have SOC 2 obligations": what is asked comes up only as the other party's.
      if (saidOfOtherParty(quote, topic))
        return { holds: false, reason: "the quote says it of a partner or customer, not of the subject" };
      // "Was she a full-time hire?" is not answered yes by "joined us part-time".
      if (value === true) {
        const opposite = oppositeSaid(question, quote);
        if (opposite) return { holds: false, reason: `the quote says ${opposite.said}, not ${opposite.asked}` };
        // "Avoid deleting fields", "we don't delete fields": a yes is not what the quote says of it.
        const negated = negatedTopic(question, quote, topic);
        if (negated) return { holds: false, reason: `the quote says no to ${negated}` };
        // "Does it keep the full referrer?" is answered no by "The full referrer is discarded".
        const undone = undoneSaid(question, quote);
        if (undone) return { holds: false, reason: `the quote says ${undone.said}, not ${undone.asked}` };
        // "Are 7-day tokens the default?" is not answered yes by a line about 72-day ones.
        // A year may be the date the passage's post or entry opens with.
        const figure = figureUnsaid(
          question,
          `${evidence.pageTitle ?? ""} ${leadIn(evidence.passageText, quote)} ${quote}`,
          asked.subjectTerms,
          evidence.passageText,
        );
        if (figure) return { holds: false, reason: `the quote does not say ${figure}, which the question names` };
        // "Does it adjust pay to where you live?" is answered no by "the same pay regardless of where you live".
        const noDifference = saidToMakeNoDifference(question, quote, topic);
        if (noDifference) return { holds: false, reason: `the quote says "${noDifference}"` };
      }
      // "Most startups give leavers 90 days; we give ten years instead": what others do, set against the subject.
      if (value === true && OTHERS_NORM.test(quote) && SET_AGAINST.test(quote))
        return { holds: false, reason: "the quote says it of what others do, against the subject's way" };
      // "Most identity providers typically let users begin a login from their dashboard": what is usual
      // in general, told without the subject or its own "we", is not said of the subject.
      if (value === true && !subjectNamed && !FIRST_PERSON.test(quote) && GENERALLY.test(quote))
        return { holds: false, reason: "the quote says what is usual in general, not what the subject does" };
      // 'The duplicate-events "bug"': a word the quote sets in quotation marks is not meant as said.
      const scare = value === true ? scareQuoted(quote, topic) : null;
      if (scare) return { holds: false, reason: `the quote sets "${scare}" in quotation marks` };
      // What will be, or is drafted or planned, is not yet so.
      if (value === true && FUTURE.test(quote))
        return { holds: false, reason: "the quote speaks of the future or a draft" };
      // A list's item says yes or no only with the line it is listed under: "- Arms manufacturers" under
      // "criteria to reject any support" is a no.
      if (value === true) {
        // The list may begin in the passage before this one: its lead-in is read from the page.
        const lead = listLeadIn(evidence.pageText ?? evidence.passageText, quote);
        if (lead !== null && REFUSING_LEAD.test(lead))
          return { holds: false, reason: "the quote is an item of a list of what is refused or left out" };
      }
      // A definition of the thing asked ("SOC 2 is a framework for ...") says nothing of the subject.
      if (!subjectNamed && !FIRST_PERSON.test(quote) && definesTopic(quote, topic))
        return { holds: false, reason: "the quote defines what is asked; it does not say it of the subject" };
      break;
    }
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
  // Words that name the kind of value ("years", "dollars") are shown by the kind check, not by the topic.
  const subjectMatter = topic.filter((entry) => !UNIT_WORDS.has(entry.word));
  const matterFound = found.filter((entry) => !UNIT_WORDS.has(entry.word));
  // An e-mail, a phone, an address, a place in an address shows what it answers; an amount, a year or a
  // duration needs the quote to speak of what is asked ("5 years" in a bio is no vesting period).
  // About a person, an address in the passage about them is theirs: "reach out! >> https://jane.example".
  const selfEvident =
    (kindShown && (!NEEDS_TOPIC.has(kind) || (kind === "url" && asked.person !== null))) || countedShown;
  // An address needs one word of what it is the address of ("careers", the person's name); other kinds a share.
  const needed =
    selfEvident || subjectMatter.length === 0
      ? 0
      : subjectMatter.length <= 4 || kind === "url"
        ? 1
        : Math.ceil(subjectMatter.length / 3);
  // A figure's topic must be spoken of by the quote or the sentence before it: a page titled "Team"
  // does not make "3 years on a game engine" an option's exercise window.
  const inText = topicFound(
    subjectMatter,
    `${ownAddress} ${answerAddress} ${leadIn(evidence.passageText, quote)} ${quote}`,
  );
  const enough =
    matterFound.length >= needed &&
    (needed === 0 || asked.type !== "NUMBER" || subjectMatter.length < 2 || inText.length > 0);
  // A list cut mid-name ("includes Ada Park, Dr.") or cut off by a search engine's snippet ("with GV, …")
  // may go on: "every option that applies" is not known from it.
  if (asked.type === "OPTIONS" && /(?:,|\b(?:Dr|Mr|Mrs|Ms|Prof|St|Jr|Sr|e\.g|i\.e)\.|…|\.\.\.)\s*$/.test(quote))
    return { holds: false, reason: "the quote is cut in the middle of its list" };
  // A choice among options is made by what the question names ("Platinum sponsors", "the Quillbase
  // integration"): a passage that lists the options but never names it does not make that choice.
  if (kind === "option") {
    // A list's item speaks with the line it is listed under.
    const listedUnder = listLeadIn(evidence.pageText ?? evidence.passageText, quote) ?? "";
    const named = namesInQuestion(question, asked.subjectTerms);
    const entries = named.map((name) => name.entry);
    const held = topicFound(entries, `${evidence.pageTitle ?? ""} ${listedUnder} ${evidence.passageText} ${quote}`);
    // Of several names ("before it moved to Orbit and then Quillpad"), one places the passage. A
    // short form in capitals alone ("Which EHR systems") names a kind of thing the passage may leave unsaid.
    if (named.some((name) => !name.shortForm) && held.length === 0)
      return { holds: false, reason: `the passage does not speak of ${entries.map((entry) => entry.word).join(", ")}` };
    // A glossary's line that spells the chosen option out and says what it is ("AL3 (Assurance
    // Level Three) is the highest level ...") describes the option, not the subject's.
    const chosen = typeof value === "string" ? value : null;
    if (chosen && !subjectNamed && !FIRST_PERSON.test(quote) && definesOption(chosen, quote))
      return { holds: false, reason: `the quote says what ${shorten(chosen)} is; it does not say it of the subject` };
  }
  // A role or a fact "at" another organisation than the subject ("his role at Quillbase before
  // Acme") comes from a passage that speaks of it: "CEO" from a line about the subject's own company
  // does not say what the person was at the other.
  if (kind !== "option" && kind !== "yes-no") {
    const elsewhere = organisationsAt(question, asked.subjectTerms);
    const listedUnder = listLeadIn(evidence.pageText ?? evidence.passageText, quote) ?? "";
    const place = `${evidence.pageTitle ?? ""} ${listedUnder} ${evidence.passageText} ${quote}`;
    if (elsewhere.length > 0 && topicFound(elsewhere, place).length === 0)
      return {
        holds: false,
        reason: `the passage does not speak of ${elsewhere.map((entry) => entry.word).join(", ")}`,
      };
  }
  // A quote that says what the name stands for or comes from speaks of what a question about the name asks.
  const speaksOfName =
    NAME_ASKED.test(question) && NAMING_WORDS.test(`${leadIn(evidence.passageText, quote)} ${quote}`);
  if (!enough && !speaksOfName && kind !== "yes-no" && kind !== "option")
    return {
      holds: false,
      reason: `the quote does not speak of ${
        topic
          .filter((entry) => !found.includes(entry))
          .map((entry) => entry.word)
          .join(", ") || "what is asked"
      }`,
    };
  // "which is the legal name of our entity": a piece cut from inside a sentence names nothing.
  if (asked.type === "TEXT" && CLAUSE_OPENING.test(text))
    return { holds: false, reason: `"${shorten(text)}" is a piece cut from inside a sentence` };
  // "Which attribute must the link carry?" is not answered by the quote's whole sentence given back.
  if (asked.type === "TEXT" && kind === "text" && asksForAThing(question) && copiesSentence(text, quote))
    return { holds: false, reason: `"${shorten(text)}" gives the quote's sentence back rather than the thing asked` };
  return { holds: true, subjectNamed, topicShare, kindShown };
}

/** Words that are a role or a title, not a name: a card's cell with one is the person's title. */
const ROLE_WORDS = new Set(
  (
    "engineer engineering manager management director head chief officer founder cofounder co-founder lead leader " +
    "designer developer architect analyst scientist researcher president vice marketing sales product operations " +
    "finance legal recruiter recruiting support success infrastructure security partner consultant specialist " +
    "coordinator administrator intern advocate editor writer owner chair member board counsel generalist senior " +
    "junior principal staff executive ceo cto cfo coo cmo cpo cro ciso vp svp evp md team people"
  ).split(" "),
);

/** Capitalised words that open a sentence or name no one. */
const NOT_NAMES = new Set(
  (
    "the a an our we it its this that these those in on at for from with and or but as by of to is are was were " +
    "he she they his her their you your i my me if when where while after before since during about also " +
    "january february march april may june july august september october november december monday tuesday " +
    "wednesday thursday friday saturday sunday contact email phone address office prior organizations organisations " +
    "we're we've we'll it's i'm you're they're there's here's let's that's what's"
  ).split(" "),
);

/** The parts of a copied answer: a card's cells, a row's cells, a sentence's clauses. */
function segmentsOf(text: string): string[] {
  return text
    .split(/\s+[|—–]\s+|\s+-\s+|;\s+|(?<=[.!?])\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Runs of capitalised words in a text that may be a name (of a person, or with `single`, of a product or company). */
function nameSpans(text: string, single: boolean, subjectTerms: readonly string[]): string[] {
  const spans: string[] = [];
  const particles = /^(?:van|von|de|der|den|da|di|del|la|le|bin|al|of|&)$/;
  const words = text.split(/\s+/);
  let run: string[] = [];
  let runOpensSentence = false;
  let sentenceStart = true;
  const flush = () => {
    while (run.length > 0 && particles.test(run[run.length - 1] ?? "")) run.pop();
    const cleaned = run.filter((word) => !NOT_NAMES.has(word.toLowerCase()));
    // One capitalised word that opens a sentence is just its first word, unless it is written as a name ("GitLens").
    const plainOpening = run.length === 1 && runOpensSentence && !/^.\S*[\p{Lu}\d]/u.test(run[0] ?? "");
    if (cleaned.length === run.length && !plainOpening && run.length >= (single ? 1 : 2) && run.length <= 5) {
      const span = run.join(" ");
      const roles = run.filter((word) => ROLE_WORDS.has(word.toLowerCase().replace(/[^\p{L}-]/gu, "")));
      if (roles.length === 0 && !namesSubject(subjectTerms, span)) spans.push(span);
    }
    run = [];
  };
  for (const raw of words) {
    const trailing = /[,.;:!?)]$/.test(raw);
    const word = raw.replace(/^[("“']+|[,.;:!?)"”']+$/g, "").replace(/’/g, "'");
    const capitalised =
      /^[\p{Lu}][\p{L}\p{M}'’.-]*$/u.test(word) && !/^\p{Lu}+$/u.test(word)
        ? true
        : /^\p{Lu}[\p{Lu}\d]{1,}$/u.test(word) && single;
    if (word && (capitalised || (run.length > 0 && particles.test(word)))) {
      if (run.length === 0) runOpensSentence = sentenceStart;
      run.push(word);
    } else flush();
    if (trailing) flush();
    sentenceStart = /[.!?:]["”')]*$/.test(raw) || raw === "-" || raw === "—";
  }
  flush();
  return [...new Set(spans)];
}

/** What a title can be "of" or "for" and still be the title itself: "Director of Growth", "Head of People". */
const DEPARTMENTS = new Set(
  (
    "engineering growth product products marketing sales operations ops people design finance legal security data " +
    "research support customer customers success partnerships partner partners communications comms content " +
    "community brand talent recruiting infrastructure platform strategy business development revenue technology " +
    "it hr policy programs program education developer developers relations experience ux ai ml analytics quality " +
    "qa devops cloud services solutions account accounts special projects staff and & of the digital global " +
    "international europe emea americas apac north south east west us uk"
  ).split(" "),
);

/**
 * The title in a clause beside a person's name, without the organisation it is at: "Director of
 * Growth at Example" is "Director of Growth". Null when the clause gives a title at another
 * organisation than the subject ("CEO of Other Co").
 */
function titleAtSubject(clause: string, subjectTerms: readonly string[]): string | null {
  let title = clause.replace(/^.*\b(?:by|from|with)\s+/i, "").trim();
  const at = /\s+(?:at|@)\s+(.*)$/i.exec(title);
  if (at) {
    if (!namesSubject(subjectTerms, at[1] ?? "")) return null;
    title = title.slice(0, at.index);
  }
  const of = /\s+(?:of|for)\s+(.*)$/i.exec(title);
  const department = (of?.[1] ?? "")
    .toLowerCase()
    .split(/\s+/)
    .every((word) => DEPARTMENTS.has(word.replace(/[^\p{L}&]/gu, "")));
  if (of && !department) {
    if (!namesSubject(subjectTerms, of[1] ?? "")) return null;
    title = title.slice(0, of.index);
  }
  return title.trim() || null;
}

/** A place after a preposition, with what follows it: "in Ann Arbor, Michigan", "from Berlin". */
const PLACE_AFTER =
  /\b(?:in|from|at|near|based in|located in|headquartered in)\s+((?:[\p{Lu}][\p{L}'’.-]+)(?:\s+[\p{Lu}][\p{L}'’.-]+){0,2})(,\s*[\p{Lu}][\p{L}.]+(?:\s+[\p{Lu}][\p{L}]+)?)?/gu;

/** Whether a place, as the quote writes it with what follows ("Austin, TX, USA"), is one a country is known of. */
function namesKnownPlace(text: string, quote: string): boolean {
  const at = quote.toLowerCase().indexOf(text.toLowerCase());
  if (at < 0) return countryFromLocation(text).countryCode !== null;
  const written = quote.slice(at, at + text.length + 40).split(/\s+(?:[|—–]|-)\s+|[;(]/)[0] ?? text;
  return countryFromLocation(text).countryCode !== null || countryFromLocation(written).countryCode !== null;
}

/** Whether every word of a span is a word of the question: "Series" is what is asked about, not an answer. */
function repeatsQuestion(span: string, question: string): boolean {
  const asked = new Set(stemsOf(question));
  return stemsOf(span).every((word) => asked.has(word));
}

/** Whether a name stands within six words of what the question asks about, in the quote. */
function nearTopic(name: string, quote: string, topic: readonly TopicWord[]): boolean {
  if (topic.length === 0) return true;
  const at = quoteStart(quote, name);
  if (at < 0) return false;
  const around = wordsAround(quote, at, at + name.length, 6, 6).flatMap((word) => stemsOf(word));
  return topic.some((entry) => speaksOf(around, entry));
}

/**
 * The answering span of a text answer that copied more than it answers: the person's name out of
 * "Ada Park, Co-founder and CEO at Example", the city out of a card's "Graz, Austria",
 * the cell under the header asked for out of a copied table row, the title out of a card that
 * names the person. Null when the answer is already of the kind asked, or no single span of that
 * kind is in it (then the checks decide on the answer as given).
 */
export function narrowAnswer(
  asked: AskedQuestion,
  evidence: Pick<AnsweringQuote, "quote" | "passageText">,
): string | null {
  if (asked.type !== "TEXT" || typeof asked.value !== "string") return null;
  const text = asked.value.trim();
  const topic = topicOf(asked.question, asked.subjectTerms);
  // A copied row of a table: the cell under the header the question asks for.
  const row = lineOf(evidence.passageText, evidence.quote);
  if (row?.line.includes(" | ") && text.includes(" | ")) {
    const cells = cellsOf(row.line);
    let top = row.index;
    while (top > 0 && cellsOf(row.lines[top - 1] ?? "").length === cells.length) top -= 1;
    const header = top < row.index ? cellsOf(row.lines[top] ?? "") : [];
    const fitting = header.flatMap((label, index) => (topicFound(topic, label).length > 0 ? [cells[index] ?? ""] : []));
    // The answer may be the row's opening cells, cut short: it still points at this row.
    const copiesRow = text.includes(fitting[0] ?? "\u0000") || copiedFromStart(text, row.line, 3);
    if (fitting.length === 1 && fitting[0] && copiesRow) {
      const cell = fitting[0];
      // The cell may hold more than the kind asked: "Dublin, Ireland" for a country.
      return narrowAnswer({ ...asked, value: cell }, { quote: cell, passageText: cell }) ?? cell;
    }
  }
  // "How often": the frequency out of a sentence that says it ("performed twice a year by an independent firm").
  // "How long, and how often": both are the answer.
  if (ASKS_HOW_OFTEN.test(asked.question) && !MEASURE_ASKED.some(([cue]) => cue.test(asked.question))) {
    const frequency = FREQUENCY.exec(text)?.[0];
    if (frequency && frequency.trim() !== text) return frequency.trim();
  }
  const segments = segmentsOf(text);
  const single = <T>(items: readonly T[]): T | null => (new Set(items).size === 1 ? (items[0] ?? null) : null);
  switch (asked.kind) {
    case "person": {
      // "Laurent P. René de Cotret": a name of five words is whole.
      if (looksLikeName(text, 5)) return null;
      const candidates = nameSpans(text, false, asked.subjectTerms);
      // With a title asked for, the name beside it: "Jane Doe, CTO" among other names.
      const titled = candidates.filter((name) => {
        const part = segments.find((segment) => segment.includes(name)) ?? "";
        return topicFound(topic, part).length > 0;
      });
      return single(titled.length > 0 ? titled : candidates.filter((name) => nearTopic(name, evidence.quote, topic)));
    }
    case "organisation":
    case "product":
    case "text": {
      if (asked.kind === "text" || looksLikeName(text, 6)) return null;
      // The name the quote says it of: "led by Granite Peak Ventures", not the dateline's city.
      return single(
        nameSpans(text, true, asked.subjectTerms).filter(
          (name) => nearTopic(name, evidence.quote, topic) && !repeatsQuestion(name, asked.question),
        ),
      );
    }
    case "city": {
      if (looksLikeName(text, 3)) return null;
      // A card's cell: "Graz, Austria".
      const cells = segments.filter((segment) => segment.split(/\s+/).length <= 5);
      // "Where is she based?" keeps the country a card gives with the city: "Cape Town, South Africa".
      const whereAsked = /\bwhere\b/i.test(asked.question);
      const cities = cells.flatMap((segment) => {
        const place = countryFromLocation(segment);
        if (!place.city || !segment.toLowerCase().includes(place.city.toLowerCase())) return [];
        const parts = segment.split(",").map((part) => part.trim());
        return [whereAsked && parts.length <= 3 && place.countryCode !== null ? segment.trim() : parts[0]!];
      });
      if (cities.length > 0) return single(cities);
      // A place after "in", "from" or "based in": "our office in San Francisco", "founded ... in Ann Arbor, Michigan".
      const places = [...text.matchAll(PLACE_AFTER)].flatMap((match) => {
        const place = (match[1] ?? "").trim();
        const parsed = countryFromLocation(`${place}${match[2] ?? ""}`);
        if (!parsed.city && !(match[2] && parsed.countryCode)) return [];
        // Several places: the one the question's words lead to ("lived in Lisbon ... now based in Nairobi").
        const placeAt = (match.index ?? 0) + match[0].indexOf(match[1] ?? "");
        const lead = wordsAround(text, placeAt, placeAt, 5, 0).flatMap((word) => stemsOf(word));
        return [{ place, led: topic.some((entry) => speaksOf(lead, entry)) }];
      });
      const led = places.filter((entry) => entry.led);
      if (places.length > 0) return single((led.length > 0 ? led : places).map((entry) => entry.place));
      // A card's "Region, Country" where no city is named.
      return single(
        segments
          .filter(
            (segment) =>
              segment.includes(",") && countryFromLocation(segment).countryCode !== null && !/\d/.test(segment),
          )
          .map((segment) => segment.split(",")[0]!.trim()),
      );
    }
    case "country": {
      const whole = countryFromLocation(text);
      // "Ireland" is the answer already; "Dublin, Ireland" names a city too.
      if (whole.countryCode !== null && whole.city === null && text.split(/\s+/).length <= 3) return null;
      const parts = segments.flatMap((segment) => segment.split(/,\s*/));
      const countries = parts.filter(
        (part) => part.split(/\s+/).length <= 3 && countryFromLocation(part).countryCode !== null && !/\d/.test(part),
      );
      const codes = countries.map((part) => countryFromLocation(part).countryCode);
      return new Set(codes).size === 1 ? (countries[countries.length - 1] ?? null) : null;
    }
    case "email":
      return single(text.match(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi) ?? []);
    case "phone":
      return PHONE.test(text) ? null : single((text.match(PHONE_IN_TEXT) ?? []).map((phone) => phone.trim()));
    case "title": {
      if (!asked.person) return null;
      const person = asked.person;
      if (segments.length < 2) {
        // "a video from Ada Park, CEO of Example", "by founder and CEO, Ada Park": the title beside the name.
        const clauses = text.split(/,\s*/);
        const at = clauses.findIndex((clause) => namesPerson(person, { quote: clause, passageText: clause }));
        if (at < 0) return null;
        const beside = [clauses[at + 1], clauses[at - 1]]
          .map((clause) => titleAtSubject(clause ?? "", asked.subjectTerms))
          .filter((clause): clause is string => !!clause && hasRoleWord(clause) && clause.split(/\s+/).length <= 6);
        if (beside[0]) return beside[0];
        // "Jane Doe is the founder and CEO of Example": the role after "is".
        for (const name of [person.fullName, person.firstName].filter((entry): entry is string => !!entry)) {
          const match = new RegExp(
            `${escapeRegExp(name)}\\s+(?:is|was|serves as|works as)\\s+(?:the |a |an |our )?([^,.;()]{2,60}?)(?:\\s+(?:of|at|for)\\s+([^,.;()]+))?\\s*(?:[,.;()]|$)`,
            "iu",
          ).exec(text);
          const role = match?.[1]?.trim();
          if (
            role &&
            hasRoleWord(role) &&
            role.split(/\s+/).length <= 6 &&
            (!match?.[2] || namesSubject(asked.subjectTerms, match[2]))
          )
            return role;
        }
        return null;
      }
      const rest = segments.filter(
        (segment) =>
          !namesPerson(person, { quote: segment, passageText: segment }) &&
          countryFromLocation(segment).countryCode === null &&
          readDates(segment).length === 0,
      );
      return rest.length === 1 && (rest[0] ?? "").split(/\s+/).length <= 8 ? (rest[0] ?? null) : null;
    }
    default:
      return null;
  }
}
