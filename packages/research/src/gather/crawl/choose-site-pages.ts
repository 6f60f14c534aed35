import { setBounded } from "../../bounded-map.js";
import { intentAffinity, intentCues, type PageKind, type QuestionIntent } from "../../plan/question-intents.js";
import { relatedWords } from "../../rank/question-terms.js";
import { isOnSite } from "../../site-host.js";
import { initialismsOfPhrases } from "../../text/initialisms.js";
import { abbreviatesLegalForm } from "../../text/legal-terms.js";
import type { PageLink } from "../extract/extracted-page.js";
import { namesOperatorPage, type PageKindReading, readPageKind } from "./page-kinds.js";

/** Lowercase words, accents folded ("José" is the slug's "jose"); no stop-word list here, since "about" names a page. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * A question's word and a page name's word match when equal, when they share a stem of five letters
 * ("integrate", "integrations"), when the page's word is a short form the question's starts with
 * ("/first-cert-live" for "certificate", "/docs" for "documentation"), in the plural too
 * ("/new-specs"), or when one is the legal form
 * abbreviating the other ("incorporated", "/acme-inc").
 */
function related(left: string, right: string): boolean {
  return (
    left === right ||
    (left.length >= 5 && right.length >= 5 && left.slice(0, 5) === right.slice(0, 5)) ||
    (right.length >= SHORT_FORM_LETTERS && left.length > right.length + 2 && left.startsWith(right)) ||
    // A short form in the plural: "/new-specs" for "specification".
    (right.length > SHORT_FORM_LETTERS &&
      right.endsWith("s") &&
      left.length > right.length + 1 &&
      left.startsWith(right.slice(0, -1))) ||
    abbreviatesLegalForm(left, right) ||
    abbreviatesLegalForm(right, left)
  );
}

/** Letters a page name's short form of a question's word has at least ("cert", "docs"). */
const SHORT_FORM_LETTERS = 4;

/** What a candidate URL and its anchor text say, whatever the question: worked out once per pair. */
interface CandidateAnalysis {
  /** Host without `www.`. */
  host: string;
  /**
   * Path without its trailing slash ("/" for the home page), with the query that names the page
   * (`/staff/profile.php?id=17`) but not one that only tracks a visit (`?utm_source=...`): http and
   * https links name the same page, two profiles of one script do not.
   */
  key: string;
  /** The URL's path as written. */
  path: string;
  /** Words of the page's own name: its last path segment and the anchor text. */
  ownWords: string[];
  /** Words of its last path segment alone. */
  leafWords: string[];
  /** What the page is, read from its path and anchor text. */
  reading: PageKindReading;
  /** Path segments. */
  depth: number;
  /** Files that are never a page to read (images, scripts, archives). */
  asset: boolean;
  /** Years its path or link text names (`/2024/03/...`, `/news/2024-board`, "Annual report 2024"). */
  years: string[];
}

const YEARS = /(?<!\d)(?:19|20)\d\d(?!\d)/g;

const analyses = new Map<string, CandidateAnalysis | null>();
/** Pairs remembered at most (a few big sites' sitemaps and home pages); the oldest go first. */
const MAX_ANALYSES = 10_000;

function analyse(url: string, text: string): CandidateAnalysis | null {
  const cacheKey = `${url}\n${text}`;
  const known = analyses.get(cacheKey);
  if (known !== undefined) return known;
  let analysis: CandidateAnalysis | null = null;
  try {
    const parsed = new URL(url);
    const textWords = wordsOf(text);
    const query = namingQuery(parsed.searchParams);
    // A page named in its query (`/index.php?page=team`, `?person=jane-doe`) is named by its values too.
    const leaf = `${parsed.pathname.split("/").filter(Boolean).pop() ?? ""} ${[...query.values()].join(" ")}`;
    const ownWords = [...new Set([...wordsOf(leaf), ...textWords])];
    const search = query.toString();
    analysis = {
      host: parsed.hostname.replace(/^www\./, ""),
      key: (parsed.pathname.replace(/\/$/, "") || "/") + (search ? `?${search}` : ""),
      path: parsed.pathname,
      ownWords,
      leafWords: wordsOf(leaf),
      reading: readPageKind(parsed.pathname, text),
      depth: parsed.pathname.split("/").filter(Boolean).length,
      asset: /\.(png|jpe?g|gif|svg|webp|zip|mp4|css|js|ico|woff2?)$/i.test(parsed.pathname),
      years: [...new Set([...`${parsed.pathname} ${text}`.matchAll(YEARS)].map((match) => match[0]))],
    };
  } catch {
    analysis = null;
  }
  setBounded(analyses, cacheKey, analysis, MAX_ANALYSES);
  return analysis;
}

/** Query parameters that track a visit or lay a page out, not name it: the page is the same without them. */
const NOT_NAMING =
  /^(?:utm_\w+|ref|ref_src|source|src|campaign|trk|mkt_tok|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|_hs\w*|hl|lang|locale|sort|order|view|theme|print|share|session|sid|next|continue|from|redirect(?:_to|_uri)?|return_?to)$/i;

/** The parameters of a query that name the page, sorted: `?b=2&a=1` and `?a=1&b=2` are one page. */
function namingQuery(params: URLSearchParams): URLSearchParams {
  const naming = [...params.entries()].filter(([name, value]) => value !== "" && !NOT_NAMING.test(name));
  naming.sort(([a], [b]) => a.localeCompare(b));
  return new URLSearchParams(naming);
}

/** What a kind read from a word of a longer page name counts, against one the page is named by. */
const PARTIAL_KIND = 0.5;

/** Kinds worth a look whatever the question: they answer most questions about a company. */
const GENERAL_PRIOR: Partial<Record<PageKind, number>> = {
  about: 5,
  team: 1,
  pricing: 1,
  security: 1,
  contact: 1,
  careers: 1,
};

/** Time away from work, and the words pages about it are named by. */
const TIME_OFF = /\b(?:days?|time|weeks?) off\b/i;
const TIME_OFF_WORDS = ["time-off", "time", "vacation", "leave", "holiday", "holidays", "pto"];

/** A word of two or three capitals or digits, two of them capitals or one a digit: "SSO", "2FA", "BAA". */
const INITIALS = /\b(?=[A-Z0-9]{2,3}\b)(?=\w*[A-Z])(?:[A-Z]{2,3}|\w*\d\w*)\b/g;

/** Question words that say nothing about which page answers. */
const GENERIC_WORDS = new Set(
  "what which does have with their they this that from when where your about much many there other more into over most also than then them were been being year years".split(
    " ",
  ),
);

/** What a site's pages are scored against: the question's words and what it asks about. */
export interface PageQuestion {
  /** The question, in free text. */
  question: string;
  /** What the question asks about (plan/question-intents.ts). */
  intents: readonly QuestionIntent[];
  /** Names of the subject: said on every page of its site, so they tell nothing about which page answers. */
  subjectTerms?: readonly string[];
  /**
   * For a person: their full name, or the first name alone when that is all that is known. A page
   * whose own name holds it (`/team/jane-doe`, a link "Jane Doe") is their page on the site.
   */
  personName?: string | null;
}

/** A candidate page with its score; higher answers more likely. */
export interface ScoredPage {
  url: string;
  score: number;
  depth: number;
  /**
   * What the page is (its kinds, sorted and joined; `person` for the person's own page), so that a
   * few pages of one kind do not crowd out the others.
   */
  kind: string;
  /** How many of the question's words the page's own name holds (its last path segment, its link text). */
  named?: number;
  /** The page above the person's own (`/team` above `/team/jane-doe`): the directory with their card. */
  directory?: boolean;
}

/**
 * The `limit` best pages, of as many kinds as possible: the best page of each kind first (a
 * pricing page, the FAQ, the security page), then the next best of any kind. Two pricing pages
 * seldom say more than one; the FAQ beside them often does.
 */
export function diversePages(
  scored: readonly ScoredPage[],
  limit: number,
  options: { includeKind?: PageKind } = {},
): ScoredPage[] {
  const chosen: ScoredPage[] = [];
  const kinds = new Set<string>();
  for (const page of scored) {
    if (chosen.length >= limit) break;
    if (kinds.has(page.kind)) continue;
    kinds.add(page.kind);
    chosen.push(page);
  }
  for (const page of scored) {
    if (chosen.length >= limit) break;
    if (!chosen.includes(page)) chosen.push(page);
  }
  chosen.sort((a, b) => b.score - a.score);
  // A kind that must be read when the site has it (for a person, the team page with their card)
  // takes the last place, unless a page of it is chosen already.
  // The directory above the person's own page is the one that holds their card: it takes that place
  // even when another page of the kind is chosen (a management page beside the team page).
  const { includeKind } = options;
  const ofKind = (page: ScoredPage) => page.kind.split("|").includes(includeKind ?? "");
  const directory = includeKind ? scored.find((page) => page.directory) : undefined;
  const best = directory ?? (chosen.some(ofKind) ? undefined : scored.find(ofKind));
  if (includeKind && limit >= 2 && best && !chosen.includes(best))
    chosen.splice(chosen.length >= limit ? chosen.length - 1 : chosen.length, 1, best);
  return chosen;
}

/**
 * Added to a page whose own name holds the person's whole name: their profile, README or bio page
 * answers more about them than any kind of page; more than any kind's affinity (at most 9).
 */
const PERSON_PAGE_BONUS = 12;
/**
 * Added, for a question about the legal entity, to a privacy policy or terms: beside the imprint,
 * the pages that state the company's legal name, form and seat.
 */
const OPERATOR_PAGE_BONUS = 3;
/** Added to the page above the person's own page: the directory that holds their card. */
const PERSON_DIRECTORY_BONUS = 4;
/** Added when the page's own name holds the first name and only it is known: likely theirs, less surely. */
const FIRST_NAME_PAGE_BONUS = 8;

/** The {@link ScoredPage.kind} of the person's own page. */
export const PERSON_PAGE_KIND = "person";

/**
 * Added when the page's address is named after the person and nothing else (`/team/jane-doe`):
 * their own page, before the pages about something of theirs (`/team/jane-doe-goals`, `/blog/jane-doe-intro`).
 */
const NAME_ONLY_PAGE_BONUS = 2;

/** How surely a page is the person's own, from its own name: the bonus to add, 0 when not theirs. */
function personPageBonus(analysis: CandidateAnalysis, personWords: readonly string[]): number {
  if (personWords.length === 0 || !personWords.every((word) => analysis.ownWords.includes(word))) return 0;
  const nameOnly =
    analysis.leafWords.length === personWords.length && analysis.leafWords.every((word) => personWords.includes(word));
  return (personWords.length > 1 ? PERSON_PAGE_BONUS : FIRST_NAME_PAGE_BONUS) + (nameOnly ? NAME_ONLY_PAGE_BONUS : 0);
}

/**
 * Whether the page's own name holds a cue of what the question asks: a word starting with a
 * one-word cue ("pricing" for "price"), or a phrase cue written with hyphens ("/time-off" for
 * "time off").
 */
function namesCue(analysis: CandidateAnalysis, cues: readonly string[]): boolean {
  const joined = ` ${analysis.ownWords.join(" ")} `;
  return cues.some((cue) =>
    cue.includes(" ") ? joined.includes(` ${cue} `) : analysis.ownWords.some((word) => word.startsWith(cue)),
  );
}

/** Words of a page's name that say it is about what was: past boards, former staff, an archive. */
const PAST_WORDS = new Set(["past", "former", "previous", "alumni", "archive", "archived"]);
/** What is left of the score of a page about what was, for a question about what is. */
const PAST_PAGE = 0.5;
/** A question about what was: a past tense, a year, "former", "before". */
const ASKS_PAST =
  /\b(?:was|were|did|had|former|formerly|past|previous|previously|before|used to|history|originally|first|(?:19|20)\d\d)\b/i;

function scoreCandidate(
  asksPast: boolean,
  analysis: CandidateAnalysis,
  questionWords: ReadonlyArray<readonly string[]>,
  intents: readonly QuestionIntent[],
  cues: readonly string[],
  personWords: readonly string[],
  questionYears: readonly string[],
): number {
  const { reading } = analysis;
  // What the page is against what the question asks: an article in a blog or news section answers
  // only what its own title is about, so its section counts for little.
  const affinity =
    intentAffinity(intents, reading.kinds) * (reading.article ? 0.4 : 1) * (reading.partial ? PARTIAL_KIND : 1);
  let prior = 0;
  if (intents.length === 0 && !reading.article)
    for (const kind of reading.kinds)
      prior = Math.max(prior, (GENERAL_PRIOR[kind] ?? 0) * (reading.partial ? PARTIAL_KIND : 1));
  // Words of the question in the page's own name (its last path segment and link text); an
  // article needs two of them, one shared word is as likely chance as topic.
  // An own name that holds a cue of what the question asks ("pre-seed" for a funding question) counts too.
  // A year the question names counts as one of its words wherever in the path it stands: the
  // post of that year in a dated archive (`/2024/03/new-board`).
  const named =
    questionWords.filter((forms) =>
      analysis.ownWords.some((candidate) => forms.some((word) => related(word, candidate))),
    ).length +
    (namesCue(analysis, cues) ? 2 : 0) +
    analysis.years.filter((year) => questionYears.includes(year) && !analysis.ownWords.includes(year)).length;
  // A question that says nothing of the kind of page it wants (no intent) is led by its words: the
  // page named after them beats the pages a general prior prefers ("/release-new-version" for "how
  // often do they ship a new version", not "/about").
  const naming = reading.article && named < 2 ? named : named * (intents.length === 0 ? NAMED_ALONE : NAMED);
  const depthPenalty = Math.max(0, analysis.depth - 2) * 0.5;
  const operator =
    intents.includes("legal-entity") && !reading.article && namesOperatorPage(analysis.ownWords)
      ? OPERATOR_PAGE_BONUS
      : 0;
  const score = affinity + prior + naming + operator + personPageBonus(analysis, personWords) - depthPenalty;
  // "/about/former-directors" for "who chairs the board": a page of what was answers what is only by chance.
  return !asksPast && analysis.ownWords.some((word) => PAST_WORDS.has(word)) ? score * PAST_PAGE : score;
}

/**
 * Scores a site's candidate pages (links from its home page and from pages already read, and its
 * sitemap) by how likely each answers the question: what the page is (about, team, pricing,
 * security, careers, contact, legal, press, docs, handbook, ...) against what the question asks
 * (head count, founding, funding, leadership, prices, location, compliance, hiring, ...), the
 * question's words in the page's own name, and for a person, their name in it. Returns pages worth reading, best first, never the
 * home page, another site's page or a static file.
 */
export function scoreSitePages(
  origin: string,
  links: readonly PageLink[],
  sitemapUrls: readonly string[],
  question: PageQuestion,
): ScoredPage[] {
  const subjectWords = new Set((question.subjectTerms ?? []).flatMap(wordsOf));
  // Each word of the question with the words pages use for it ("vacation" for "days off").
  const questionWords = wordsOf(question.question)
    .filter((word) => word.length > 3 && !subjectWords.has(word) && !GENERIC_WORDS.has(word))
    .map((word) => [word, ...relatedWords(word).filter((other) => other.length > 3)]);
  // Short words a question writes in capitals ("SSO", "2FA", "BAA") name what is asked as surely as
  // long ones, and a phrase it spells out names a page by its short form ("single sign-on" is
  // "/docs/sso"). Either stands for several words, and a page named by it is about just that: it
  // counts as two of the question's words.
  const initialisms = new Set<string>();
  for (const initials of question.question.match(INITIALS) ?? []) initialisms.add(initials.toLowerCase());
  for (const { initialism, words } of initialismsOfPhrases(question.question))
    if (words === 3) initialisms.add(initialism);
  for (const initialism of initialisms)
    if (!subjectWords.has(initialism)) questionWords.push([initialism], [initialism]);
  if (TIME_OFF.test(question.question)) questionWords.push(TIME_OFF_WORDS);
  const cues = intentCues(question.intents);
  const personWords = wordsOf(question.personName ?? "");
  const questionYears = [...question.question.matchAll(YEARS)].map((match) => match[0]);
  const asksPast = ASKS_PAST.test(question.question);
  const home = new URL(origin);
  const originHost = home.hostname.replace(/^www\./, "");
  const homeKey = home.pathname.replace(/\/$/, "") || "/";
  // Keyed by path: a sitemap that says http:// and links that say https:// name the same pages.
  const candidates = new Map<string, { analysis: CandidateAnalysis; url: () => string }>();
  for (const link of links) {
    const url = link.url.replace(/#.*$/, "");
    const analysis = analyse(url, link.text);
    if (analysis && isOnSite(analysis.host, originHost) && !candidates.has(analysis.key))
      candidates.set(analysis.key, { analysis, url: () => url });
  }
  for (const url of sitemapUrls) {
    const analysis = analyse(url, "");
    if (analysis && isOnSite(analysis.host, originHost) && !candidates.has(analysis.key)) {
      candidates.set(analysis.key, { analysis, url: () => new URL(analysis.key, origin).toString() });
    }
  }
  const scored: ScoredPage[] = [];
  for (const { analysis, url } of candidates.values()) {
    if (analysis.key === "/" || analysis.key === homeKey || analysis.asset) continue;
    // "/pricing?plan=team" beside "/pricing" is the same page in another state, unless the question
    // or the person's name names what its query says.
    const bare = analysis.key.replace(/\?.*$/, "") || "/";
    if (bare !== analysis.key && candidates.has(bare) && !queryNamed(analysis, questionWords, personWords)) continue;
    const score = scoreCandidate(asksPast, analysis, questionWords, question.intents, cues, personWords, questionYears);
    const kind =
      personPageBonus(analysis, personWords) > 0 ? PERSON_PAGE_KIND : [...analysis.reading.kinds].sort().join("|");
    const named = questionWords.filter((forms) =>
      analysis.ownWords.some((candidate) => forms.some((word) => related(word, candidate))),
    ).length;
    if (score > 0) scored.push({ url: url(), score, depth: analysis.depth, kind, named });
  }
  // The page above the person's own (`/team` above `/team/jane-doe`) is the directory with their card.
  const parents = new Set(
    scored
      .filter((page) => page.kind === PERSON_PAGE_KIND)
      .map((page) => new URL(page.url).pathname.replace(/\/+$/, "").replace(/\/[^/]*$/, "")),
  );
  for (const page of scored)
    if (page.kind !== PERSON_PAGE_KIND && parents.has(new URL(page.url).pathname.replace(/\/+$/, ""))) {
      page.score += PERSON_DIRECTORY_BONUS;
      page.directory = true;
    }
  scored.sort((a, b) => b.score - a.score || a.depth - b.depth || a.url.localeCompare(b.url));
  return apartFromSeries(scored, questionYears);
}

/**
 * Whether the question or the person's name names what a page says beyond its path: its query's
 * values or its link's words ("/?p=231" linked as "We raised our Series B").
 */
function queryNamed(
  analysis: CandidateAnalysis,
  questionWords: readonly string[][],
  personWords: readonly string[],
): boolean {
  const pathWords = new Set(wordsOf(analysis.path.split("/").filter(Boolean).pop() ?? ""));
  const words = analysis.ownWords.filter((word) => !pathWords.has(word));
  return (
    words.some((word) => personWords.includes(word)) ||
    questionWords.some((forms) => words.some((word) => forms.some((form) => related(form, word))))
  );
}

/** Score of each question word in a page's own name. */
const NAMED = 3;
/** The same, for a question that names no kind of page: its words are all there is to go on. */
const NAMED_ALONE = 6;

/** What is left of the score of a series' third page and after. */
const SERIES_REST = 0.25;

/**
 * Pages of a series (one path with another number: a yearly report, a numbered issue) score a
 * quarter once two of the series are in, unless the question names one's year: ten yearly reports
 * say one thing ten times, and would take the whole budget from the pages beside them.
 */
function apartFromSeries(scored: readonly ScoredPage[], questionYears: readonly string[]): ScoredPage[] {
  const seen = new Map<string, number>();
  const kept = scored.map((page) => {
    const path = new URL(page.url).pathname;
    const named = questionYears.some((year) => path.includes(year));
    const counts = seriesOf(path).map((series) => {
      const count = seen.get(series) ?? 0;
      seen.set(series, count + 1);
      return count;
    });
    return Math.max(0, ...counts) >= 2 && !named ? { ...page, score: page.score * SERIES_REST } : page;
  });
  // A stable sort: pages of one score keep their order.
  return kept.sort((a, b) => b.score - a.score);
}

/**
 * The series a path is of: its form with numbers blanked ("/reports/2023"), and, for a name of
 * several words, its folder with the name's first or last word ("/interviews/*-interviews" of
 * "/interviews/design-interviews", "/docs/security-*"): sibling pages that say one thing for
 * another team or part.
 */
function seriesOf(path: string): string[] {
  const series = /\d/.test(path) ? [path.replace(/\d+/g, "#")] : [];
  const segments = path.replace(/\/+$/, "").split("/");
  const words = (segments.pop() ?? "").split(/[-_]+/).filter(Boolean);
  const folder = segments.join("/");
  if (words.length >= 2) series.push(`${folder}/${words[0]}-*`, `${folder}/*-${words[words.length - 1]}`);
  return series;
}

/** The `limit` best pages of {@link scoreSitePages}, as URLs. */
export function chooseSitePages(
  origin: string,
  links: readonly PageLink[],
  sitemapUrls: readonly string[],
  question: PageQuestion,
  limit: number,
): string[] {
  return scoreSitePages(origin, links, sitemapUrls, question)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.url);
}
