import { countryFromLocation, normalizeDate, type PersonEvidence } from "@dossier/enrich";
import type { PersonIdentity } from "./plan/plan-research.js";
import type { Passage } from "./rank/passage.js";
import { titleEquivalents } from "./text/title-abbreviations.js";

/** A passage the person record may be filled from, and what is known of its page. */
export interface CardPassage {
  passage: Passage;
  /** Whether the page is on the person's company's own site. */
  ownSite: boolean;
  /** The page's publication date (ISO), when known. */
  publishedAt: string | null;
}

/** Words a job title is made of; a line with none of them is a company, a place or a sentence, not a title. */
const TITLE_WORDS = new Set(
  (
    "chief officer president director head lead leader manager engineer engineering developer designer architect " +
    "founder cofounder co-founder partner owner chair chairman chairwoman chairperson treasurer secretary counsel " +
    "advisor adviser analyst scientist researcher specialist coordinator consultant associate assistant " +
    "administrator editor writer marketer recruiter strategist evangelist advocate accountant controller " +
    "representative executive principal fellow intern officer vp svp evp avp ceo cto cfo coo cmo cpo cro cio ciso " +
    "cso cdo cco chro gm md"
  ).split(" "),
);
/** Words that put a title in the past or make it someone else's. */
const NOT_CURRENT = /\b(?:former|formerly|ex|previously|past|until|retired|emeritus|emerita|interim)\b/i;
/** A span of dates (a term of office): the title it goes with may have ended. */
const DATE_RANGE = /\b(?:19|20)\d\d(?:-\d\d(?:-\d\d)?)?\s*(?:-|–|—|to|until)\s*(?:(?:19|20)\d\d|present|today|now)?/i;
/** What sets a card's name apart from what follows it on one line. */
const LEAD_SEPARATOR = /^\s*(?:[—–|·:]|,|\s-\s)\s*/;
/** What sets the parts after the name apart: dashes, bars and dots between spaces. */
const PART_SEPARATOR = /\s+[—–|·]\s+|\s+-\s+/;
/** Words a title line has at most. */
const MAXIMUM_TITLE_WORDS = 8;

function foldForMatch(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Whether `text` reads as a job title: a few words, one of them a title word, nothing of a past role. */
function looksLikeTitle(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > MAXIMUM_TITLE_WORDS || text.length > 80) return false;
  if (/[.!?]$/.test(text) || /@|https?:|\d{3,}/.test(text) || NOT_CURRENT.test(text)) return false;
  const lower = foldForMatch(text).split(/[^\p{L}-]+/u);
  return lower.some((word) => TITLE_WORDS.has(word)) || titleEquivalents(text).length > 0;
}

/** A place a card states: a city and country, or a country alone; null when the text is no place. */
function placeOf(text: string): { city: string | null; country: string } | null {
  if (text.split(/\s+/).length > 6 || /\d{3,}|@/.test(text)) return null;
  const parsed = countryFromLocation(text);
  return parsed.country ? { city: parsed.city, country: parsed.country } : null;
}

/**
 * Where the person's name begins a line: the name as written there (with a surname after a first
 * name) and the rest of the line after it; null when it does not begin the line.
 */
function afterName(line: string, person: PersonIdentity): { written: string; rest: string } | null {
  const bare = line.replace(/^\s*(?:[-*•]|\d+\.)\s+/, "");
  const folded = foldForMatch(bare);
  if (folded.length !== bare.length) return null;
  if (person.fullName) {
    const name = foldForMatch(person.fullName);
    if (!folded.startsWith(name) || /[\p{L}\p{N}]/u.test(folded[name.length] ?? "")) return null;
    return { written: name, rest: bare.slice(name.length) };
  }
  if (!person.firstName) return null;
  // Only the first name is known: the line must start with it, perhaps followed by a surname.
  const name = foldForMatch(person.firstName);
  if (!folded.startsWith(name) || /[\p{L}\p{N}]/u.test(folded[name.length] ?? "")) return null;
  const surname = /^\s+\p{Lu}[\p{L}'’-]+/u.exec(bare.slice(name.length))?.[0] ?? "";
  return { written: foldForMatch(`${name}${surname}`), rest: bare.slice(name.length + surname.length) };
}

interface Found {
  field: PersonEvidence["field"];
  value: string;
  quote: string;
}

/** A line of a passage and where it stands in the passage's text. */
interface Line {
  text: string;
  start: number;
}

/**
 * What the person's card states (their title, city and country), on the name's line or on the
 * lines after it; the quote is the passage's text from the name to the last line read, verbatim.
 */
function readCard(text: string, nameLine: Line, rest: string, following: readonly Line[]): Found[] {
  const found: Found[] = [];
  if (DATE_RANGE.test(nameLine.text) || NOT_CURRENT.test(nameLine.text)) return found;
  const inline = rest.replace(LEAD_SEPARATOR, "");
  // Each part with the line it ends on.
  let parts: Array<{ value: string; line: Line }>;
  if (inline !== rest && inline.trim() !== "") {
    // "Jane Doe — Head of Engineering | Berlin, Germany", "Jane Doe, VP Sales, Lisbon, Portugal".
    const [first = "", ...others] = inline.split(PART_SEPARATOR).map((part) => part.trim());
    const commaParts = first.split(/,\s+/);
    parts = [commaParts[0]!, commaParts.slice(1).join(", "), ...others]
      .filter(Boolean)
      .map((value) => ({ value, line: nameLine }));
  } else if (rest.trim() === "") {
    // A card of lines: the name, then the title, the organisation, the place.
    parts = following.map((line) => ({ value: line.text.trim(), line }));
  } else {
    return found;
  }
  const quoteTo = (line: Line) => text.slice(nameLine.start, line.start + line.text.length).trim();
  const [title, ...others] = parts;
  if (title === undefined || !looksLikeTitle(title.value)) return found;
  found.push({ field: "jobTitle", value: title.value, quote: quoteTo(title.line) });
  for (const part of others) {
    const place = placeOf(part.value);
    if (!place) continue;
    if (place.city) found.push({ field: "city", value: place.city, quote: quoteTo(part.line) });
    found.push({ field: "country", value: place.country, quote: quoteTo(part.line) });
    break;
  }
  return found;
}

const SENTENCE_TITLE =
  /^,?\s+(?:is|serves as|works as|has been)\s+(?:the |our |an? |its )?([^.,;()]{3,60}?)(?:\s+(?:at|for|with|in|since|from)\b|[.,;]|$)/u;
const SENTENCE_START =
  /\b(?:joined|started|has been with [^.]{1,40}?since|since)\s+(?:[^.]{0,40}?\s)?(?:in|on|since)?\s*((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? (?:19|20)\d\d|(?:19|20)\d\d-\d\d)/i;

/**
 * What a sentence naming the person states: "Jane Doe is our Head of Engineering", "joined in
 * March 2021". The title someone joined as ("joined as VP Engineering") may have changed since: not taken.
 */
function readSentence(line: string, person: PersonIdentity): Found[] {
  const name = person.fullName;
  if (!name) return [];
  const folded = foldForMatch(line);
  const at = folded.indexOf(foldForMatch(name));
  if (at === -1 || folded.length !== line.length) return [];
  const sentenceEnd = line.slice(at).search(/[.!?](?:\s|$)/);
  const sentence = line.slice(at, sentenceEnd === -1 ? undefined : at + sentenceEnd + 1);
  if (NOT_CURRENT.test(sentence)) return [];
  const found: Found[] = [];
  // "the CEO of Acme" is the CEO: the company's name is not part of the title.
  const company = person.companyName ? foldForMatch(person.companyName) : null;
  let title = SENTENCE_TITLE.exec(sentence.slice(name.length))?.[1]?.trim();
  if (title && company && foldForMatch(title).endsWith(` of ${company}`))
    title = title.slice(0, title.length - company.length - 4).trim();
  if (title && looksLikeTitle(title)) found.push({ field: "jobTitle", value: title, quote: sentence });
  const start = SENTENCE_START.exec(sentence)?.[1];
  const date = start ? normalizeDate(start) : null;
  if (date && date.length >= 7) found.push({ field: "jobStartDate", value: date, quote: sentence });
  return found;
}

/**
 * The person fields a passage states about the person: their card or row on a team page or a
 * directory ("Jane Doe — Head of Engineering", "Jane Doe, VP Sales, Lisbon, Portugal", or a card's
 * lines: name, title, organisation, place), or a sentence that names them with a title or a start
 * ("Jane Doe is our Head of Engineering", "Jane Doe joined in March 2021"). Each field with the
 * line that states it, verbatim, as its quote, in the order of `cards` (the first holds when a
 * person has two roles). A title beside a span of dates or "former" is not taken (the role may
 * have ended); when only the first name is known and cards of it give two surnames, none is.
 */
export function personFieldsFromCards(cards: readonly CardPassage[], person: PersonIdentity): PersonEvidence[] {
  const evidence: PersonEvidence[] = [];
  const names = new Set<string>();
  for (const { passage, ownSite, publishedAt } of cards) {
    // A card's lines may stand in paragraphs of their own (a profile page: the name as its heading,
    // the title under it): the lines after a name read across blank lines.
    const lines: Line[] = [];
    for (let start = 0; start <= passage.text.length; ) {
      const end = passage.text.indexOf("\n", start);
      const text = passage.text.slice(start, end === -1 ? undefined : end);
      if (text.trim() !== "") lines.push({ text, start });
      if (end === -1) break;
      start = end + 1;
    }
    for (const [index, line] of lines.entries()) {
      const named = afterName(line.text, person);
      let found = named ? readCard(passage.text, line, named.rest, lines.slice(index + 1, index + 4)) : [];
      const isCard = found.length > 0;
      if (!isCard) found = readSentence(line.text, person);
      if (named && isCard) names.add(named.written);
      for (const item of found) evidence.push({ ...item, url: passage.url, ownSite, publishedAt });
    }
  }
  // Cards of the first name with different surnames are different people: none of them is taken.
  return names.size > 1 ? [] : evidence;
}
