import { countryFromLocation, countryName, normalizeDate, type PersonEvidence } from "@dossier/enrich";
import type { PersonIdentity } from "./plan/plan-research.js";
import type { Passage } from "./rank/passage.js";
import { fullNameAsWritten } from "./text/person-names.js";
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
    "representative executive principal fellow intern officer member observer trustee governor " +
    "vp svp evp avp ceo cto cfo coo cmo cpo cro cio ciso " +
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
/** A line that is an item of a list: a bullet or a number before it. */
const LIST_ITEM = /^\s*(?:[-*•]|\d+\.)\s+/;
/** The words of a name after the first: initials, capitalised words and the particles between them. */
const NAME_PARTICLES = "de|da|del|della|der|den|di|du|la|le|van|von|bin|ibn|al|el|dos|das|ter|ten";
const SURNAME_WORDS = new RegExp(`^(?:\\s+(?:\\p{Lu}\\.|\\p{Lu}[\\p{L}'’-]+|(?:${NAME_PARTICLES})(?=\\s)))+`, "u");
const TRAILING_PARTICLES = new RegExp(`(?:\\s+(?:${NAME_PARTICLES}))+$`, "u");
/** Words a title line has at most. */
const MAXIMUM_TITLE_WORDS = 8;

/** A title's words, case and punctuation aside: "VP, Engineering" is "VP Engineering". */
function titleKey(title: string): string {
  return foldForMatch(title)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");
}

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

/**
 * The country a flag stands for ("🇪🇪": Estonia): a card's flag beside the name says where the person
 * is. Null for anything but one flag of a country.
 */
function countryOfFlag(text: string): string | null {
  const letters = [...text];
  if (letters.length !== 2 || !letters.every((letter) => /\p{Regional_Indicator}/u.test(letter))) return null;
  const code = letters.map((letter) => String.fromCharCode(letter.codePointAt(0)! - 0x1f1e6 + 65)).join("");
  return countryName(code);
}

/** A place a card states: a city and country, or a country alone; null when the text is no place. */
function placeOf(text: string): { city: string | null; country: string } | null {
  const flag = countryOfFlag(text.trim());
  if (flag) return { city: null, country: flag };
  if (text.split(/\s+/).length > 6 || /\d{3,}|@/.test(text)) return null;
  const parsed = countryFromLocation(text);
  return parsed.country ? { city: parsed.city, country: parsed.country } : null;
}

/**
 * Where the person's name begins a line: the name as written there (with a surname after a first
 * name) and the rest of the line after it; null when it does not begin the line.
 */
function afterName(
  line: string,
  person: PersonIdentity,
): { written: string; rest: string; fullName: string | null } | null {
  const bare = line.replace(/^\s*(?:[-*•]|\d+\.)\s+/, "");
  const folded = foldForMatch(bare);
  if (folded.length !== bare.length) return null;
  if (person.fullName) {
    // Middle names the caller left out may stand between ("Mira Okafor Lund" for "Mira Lund").
    const name = fullNameAsWritten(folded, foldForMatch(person.fullName));
    if (name === null || !folded.startsWith(name)) return null;
    return { written: name, rest: bare.slice(name.length), fullName: bare.slice(0, name.length) };
  }
  if (!person.firstName) return null;
  // Only the first name is known: the line must start with it, perhaps followed by a surname.
  const name = foldForMatch(person.firstName);
  if (!folded.startsWith(name) || /[\p{L}\p{N}]/u.test(folded[name.length] ?? "")) return null;
  const after = bare.slice(name.length);
  // The rest of the name up to the card's separator ("Laurent P. René de Cotret — Chair"), else one
  // capitalised word ("Jane Doe is ...").
  const names = SURNAME_WORDS.exec(after)?.[0].replace(TRAILING_PARTICLES, "") ?? "";
  const surname =
    names && LEAD_SEPARATOR.test(after.slice(names.length)) ? names : (/^\s+\p{Lu}[\p{L}'’-]+/u.exec(after)?.[0] ?? "");
  return {
    written: foldForMatch(`${name}${surname}`),
    rest: after.slice(surname.length),
    fullName: surname ? bare.slice(0, name.length + surname.length) : null,
  };
}

interface Found {
  field: PersonEvidence["field"];
  value: string;
  quote: string;
  /** A start's sentence names the title the person joined as ("joined Acme as VP Sales in 2021"). */
  joinedAs?: string;
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
  const lead = LEAD_SEPARATOR.exec(rest)?.[0] ?? "";
  const inline = rest.slice(lead.length);
  // Each part with the line it ends on.
  let parts: Array<{ value: string; line: Line }>;
  if (lead !== "" && inline.trim() !== "") {
    const [first = "", ...others] = inline.split(PART_SEPARATOR).map((part) => part.trim());
    let title = first;
    let after = others;
    if (lead.trim() === "," && others.length === 0) {
      // Commas alone set the parts apart ("Jane Doe, VP Sales, Lisbon, Portugal", "Jane Doe,
      // Board Director, Chair"): the title runs on through the parts that are titles themselves.
      const commaParts = first.split(/,\s+/);
      let end = 1;
      while (end < commaParts.length && looksLikeTitle(commaParts[end]!) && !placeOf(commaParts.slice(end).join(", ")))
        end += 1;
      title = commaParts.slice(0, end).join(", ");
      after = [commaParts.slice(end).join(", ")];
    }
    // Set apart by dashes or a table's bars, the title is the whole part, commas and all
    // ("Jane Doe — Manager, Financial Planning", "Jane Doe | Co-Founder, CEO | Germany").
    parts = [title, ...after].filter(Boolean).map((value) => ({ value, line: nameLine }));
    // A heading's place may stand on the line under it ("Jane Doe — Engineer" / "Leeds, UK" or a flag);
    // a table's row or a list's item ends on its own line.
    const next = following[0];
    if (next && !/\s\|\s/.test(nameLine.text) && !LIST_ITEM.test(nameLine.text) && !LIST_ITEM.test(next.text))
      parts.push({ value: next.text.trim(), line: next });
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

/** "Jane Doe is our Head of Engineering": the clause after the verb, up to its end. */
const SENTENCE_TITLE =
  /^,?\s+(?:is|serves as|works as|has been)\s+(?:the |our |an? |its )?([^.,;()]{3,80}?)(?=[.,;()]|$)/u;
/** Where a title stated in a clause ends: a company ("at Acme"), a place or a time ("in Leeds", "since 2020"). */
const TITLE_TAIL = /\s+(at|for|with|in|since|from)\s+/iu;
/** "Jane Doe, CEO of Acme": a title set after the name with a comma, naming the company. */
const APPOSITION = /^,\s+(?:the |our )?([^,.;()]{2,60}?)\s+(?:of|at)\s+([^,.;()]+)/u;
/** "Jane Doe (Head of Research)": a byline's title in parentheses after the name. */
const BYLINE = /^\s*\(([^()]{2,60})\)/u;
/** "our founder and CEO, Jane Doe": the company's title for the person, set before the name. */
const OUR_TITLE = /\b(?:our|its)\s+([^,.;:()]{2,60}),\s+$/iu;
/** "joined Acme as VP Engineering in April 2021": the title someone joined as. */
const JOINED_AS =
  /\bjoined\b[^.]*?\bas\s+(?:an?\s+|the\s+|our\s+|its\s+)?([^.,;]+?)(?=\s+(?:in|on|at|since|from|effective)\b|[.,;]|$)/i;
const SENTENCE_START =
  /\b(?:joined|started|has been with [^.]{1,40}?since|since)\s+(?:[^.]{0,40}?\s)?(?:in|on|since)?\s*((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? (?:19|20)\d\d|(?:19|20)\d\d-\d\d)/i;

/**
 * A title and what follows it ("CEO of Acme", "Engineering Fellow at Globex"): the title when what
 * follows is nothing, the person's company, a place or a time; null when it is another organisation.
 */
function titleFor(clause: string, company: string | null): string | null {
  let title = clause.trim();
  // "the CEO of Acme" is the CEO: the company's name is not part of the title.
  if (company && foldForMatch(title).endsWith(` of ${company}`))
    title = title.slice(0, title.length - company.length - 4).trim();
  const tail = TITLE_TAIL.exec(title);
  if (tail) {
    const after = foldForMatch(title.slice(tail.index + tail[0].length));
    const ofCompany = company !== null && after.startsWith(company);
    if (/^(?:at|for|with)$/i.test(tail[1]!) && !ofCompany) return null;
    title = title.slice(0, tail.index).trim();
  }
  return looksLikeTitle(title) ? title : null;
}

/**
 * What a sentence naming the person states: "Jane Doe is our Head of Engineering", "joined in
 * March 2021", a title beside the name ("Jane Doe, CEO of Acme", a byline's "Jane Doe (Head of
 * Research)", "our founder and CEO, Jane Doe"). A title at another organisation is not taken, nor
 * the title someone joined as ("joined as VP Engineering"): it may have changed since.
 */
function readSentence(line: string, person: PersonIdentity): Found[] {
  if (!person.fullName) return [];
  const folded = foldForMatch(line);
  const name = fullNameAsWritten(folded, foldForMatch(person.fullName)) ?? "";
  const at = name ? folded.indexOf(name) : -1;
  if (at === -1 || folded.length !== line.length) return [];
  const sentenceStart = Math.max(
    0,
    ...[...line.slice(0, at).matchAll(/[.!?:](?:\s|$)/g)].map((m) => m.index + m[0].length),
  );
  // The sentence ends after the name: an initial's period ("Noor A. Haddad") ends nothing.
  const sentenceEnd = line.slice(at + name.length).search(/[.!?](?:\s|$)/);
  const sentence = line.slice(at, sentenceEnd === -1 ? undefined : at + name.length + sentenceEnd + 1);
  const before = line.slice(sentenceStart, at);
  if (NOT_CURRENT.test(sentence) || NOT_CURRENT.test(before)) return [];
  const found: Found[] = [];
  const company = person.companyName ? foldForMatch(person.companyName) : null;
  const after = sentence.slice(name.length);
  const stated = SENTENCE_TITLE.exec(after)?.[1];
  const apposition = APPOSITION.exec(after);
  const byline = BYLINE.exec(after)?.[1];
  const ours = OUR_TITLE.exec(before)?.[1];
  let title: string | null = null;
  if (stated) title = titleFor(stated, company);
  else if (apposition && company && foldForMatch(apposition[2]!).startsWith(company))
    title = titleFor(apposition[1]!, company);
  else if (byline) title = titleFor(byline, company);
  else if (ours) title = titleFor(ours, company);
  const quote = ours ? line.slice(sentenceStart, at + sentence.length).trim() : sentence;
  if (title) found.push({ field: "jobTitle", value: title, quote });
  const start = SENTENCE_START.exec(sentence)?.[1];
  const date = start ? normalizeDate(start) : null;
  const joinedAs = JOINED_AS.exec(sentence)?.[1]?.trim();
  if (date && date.length >= 7)
    found.push({ field: "jobStartDate", value: date, quote: sentence, ...(joinedAs ? { joinedAs } : {}) });
  return found;
}

/**
 * The person fields a passage states about the person: their card or row on a team page or a
 * directory ("Jane Doe — Head of Engineering", "Jane Doe, VP Sales, Lisbon, Portugal", a table's
 * row "Jane Doe | Co-Founder, CEO | Germany", a heading with the place or a flag on the line under
 * it, or a card's lines: name, title, organisation, place), or a sentence that names them with a
 * title or a start ("Jane Doe is our Head of Engineering", "Jane Doe, CEO of Acme", a byline's
 * "Jane Doe (Head of Research)", "our founder and CEO, Jane Doe", "Jane Doe joined in March
 * 2021"). Each field with the line that states it, verbatim, as its quote, in the order of `cards`
 * (the first holds when a person has two roles). A title beside a span of dates or "former" is not
 * taken (the role may have ended), nor one at another organisation ("an Engineering Fellow at
 * Globex"), nor the start of a title they joined as when their card gives another; when only the
 * first name is known and cards of it give two surnames, none is.
 */
export function personFieldsFromCards(cards: readonly CardPassage[], person: PersonIdentity): PersonEvidence[] {
  return readCards(cards, person).evidence;
}

/**
 * The person's full name as their card writes it, when only the first name is known and the cards
 * of that first name give one surname ("Jane" with the card "Jane Doe — Head of Research": "Jane
 * Doe"); null otherwise.
 */
export function fullNameFromCards(cards: readonly CardPassage[], person: PersonIdentity): string | null {
  return person.fullName ? null : readCards(cards, person).fullName;
}

function readCards(
  cards: readonly CardPassage[],
  person: PersonIdentity,
): { evidence: PersonEvidence[]; fullName: string | null } {
  const evidence: Array<PersonEvidence & { joinedAs: string | null }> = [];
  const names = new Map<string, string | null>();
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
      if (named && isCard) names.set(named.written, named.fullName);
      for (const { joinedAs, ...item } of found)
        evidence.push({ ...item, url: passage.url, ownSite, publishedAt, joinedAs: joinedAs ?? null });
    }
  }
  // Cards of the first name with different surnames are different people: none of them is taken.
  if (names.size > 1) return { evidence: [], fullName: null };
  // The start of a title the person joined as is not the start of another title their card gives.
  const title = evidence.find((item) => item.field === "jobTitle")?.value;
  const kept = evidence
    .filter((item) => !(item.joinedAs && title && titleKey(item.joinedAs) !== titleKey(title)))
    .map(({ joinedAs: _joinedAs, ...item }) => item);
  return { evidence: kept, fullName: [...names.values()][0] ?? null };
}
