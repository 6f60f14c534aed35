import type { PageKind } from "../../plan/question-intents.js";

/** Words that name each kind of page in paths and link texts, in English and a few other languages. */
const KIND_WORDS: Record<PageKind, string[]> = {
  about: [
    "about",
    "about-us",
    "company",
    "who-we-are",
    "story",
    "our-story",
    "mission",
    "values",
    "history",
    "overview",
    "ueber-uns",
    "uber-uns",
    "a-propos",
    "quienes-somos",
    "chi-siamo",
    "over-ons",
    "open",
    "open-startup",
  ],
  team: [
    "team",
    "teams",
    "people",
    "leadership",
    "management",
    "founders",
    "board",
    "staff",
    "authors",
    "our-team",
    "meet-the-team",
    "executives",
    "directors",
    "team-directory",
    "who-we-are",
    "unternehmen-team",
    // Directories of the people of an organisation, a network or a programme.
    "members",
    "member-directory",
    "directory",
    "people-directory",
    "staff-directory",
    "our-people",
    "employees",
    "fellows",
    "speakers",
    "advisors",
    "advisory-board",
    "mentors",
    "maintainers",
    "faculty",
    "researchers",
    "trustees",
    "committee",
    "council",
    "mitarbeiter",
    "equipe",
    "equipo",
  ],
  pricing: [
    "pricing",
    "prices",
    "price",
    "plans",
    "plan",
    "buy",
    "subscribe",
    "packages",
    "preise",
    "tarifs",
    "precios",
  ],
  security: [
    "security",
    "trust",
    "trust-center",
    "trust-centre",
    "compliance",
    "soc2",
    "soc-2",
    "gdpr",
    "certifications",
    "hipaa",
    "iso",
    "subprocessors",
    "sub-processors",
    "vulnerability-disclosure-program",
    "responsible-disclosure",
  ],
  legal: [
    "legal",
    "terms",
    "tos",
    "terms-of-service",
    "privacy",
    "privacy-policy",
    "imprint",
    "impressum",
    "dpa",
    "data-processing-agreement",
    "policies",
    "policy",
    "cookies",
    "cookie-policy",
    "agreement",
    "mentions-legales",
    "aviso-legal",
    "trademark",
  ],
  careers: [
    "careers",
    "career",
    "jobs",
    "job",
    "join",
    "join-us",
    "hiring",
    "work-with-us",
    "openings",
    "vacancies",
    "karriere",
    "stellen",
    "emplois",
    "empleo",
    "positions",
  ],
  contact: [
    "contact",
    "contact-us",
    "locations",
    "offices",
    "office",
    "address",
    "kontakt",
    "imprint",
    "impressum",
    "mentions-legales",
  ],
  press: [
    "press",
    "news",
    "newsroom",
    "media",
    "announcements",
    "press-releases",
    "investors",
    "investor-relations",
    "in-the-news",
    "presse",
  ],
  blog: ["blog", "posts", "post", "articles", "article", "stories", "journal", "insights", "changelog", "updates"],
  docs: [
    "docs",
    "documentation",
    "help",
    "support",
    "guide",
    "guides",
    "kb",
    "knowledge-base",
    "manual",

    "hub",
  ],
  faq: ["faq", "faqs", "questions", "frequently-asked-questions", "help-center", "help-centre"],
  handbook: [
    "handbook",
    "company-handbook",
    "wiki",
    "playbook",
    "benefits",
    "benefits-pay-perks",
    "operations",
    "workplace",
  ],
  services: [
    "services",
    "professional-services",
    "managed-services",
    "consulting",
    "consultancy",
    "leistungen",
    "dienstleistungen",
  ],
  customers: ["customers", "clients", "case-studies", "case-study", "testimonials", "success-stories", "showcase"],
  product: ["product", "products", "features", "platform", "integrations", "solutions", "open-source", "enterprise"],
  imprint: [
    "imprint",
    "impressum",
    "legal-notice",
    "legal-notices",
    "legal-information",
    "mentions-legales",
    "aviso-legal",
    "note-legali",
    "colofon",
    "colophon",
  ],
};

/**
 * Words naming the pages the law makes state who runs a site: its privacy policy names the
 * controller, its terms the contracting company, with its legal form and seat.
 */
const OPERATOR_PAGE_WORDS = new Set(["privacy", "terms", "tos"]);

/** Whether a page's own words (its last path segment, its link text) name a privacy policy or terms. */
export function namesOperatorPage(words: readonly string[]): boolean {
  return words.some((word) => OPERATOR_PAGE_WORDS.has(word));
}

const WORD_KINDS = new Map<string, PageKind[]>();
for (const [kind, words] of Object.entries(KIND_WORDS) as Array<[PageKind, string[]]>) {
  for (const word of words) WORD_KINDS.set(word, [...(WORD_KINDS.get(word) ?? []), kind]);
}

/**
 * Lowercase words of a text, hyphenated ones kept whole and split, and runs of two to four words
 * joined by hyphens, so that a link text "Who we are" reads like the path "/who-we-are".
 */
function terms(text: string): string[] {
  const lower = text.toLowerCase();
  const hyphenated = lower.split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
  const words = hyphenated.flatMap((word) => word.split("-")).filter(Boolean);
  const runs: string[] = [];
  for (let length = 2; length <= 4; length += 1) {
    for (let start = 0; start + length <= words.length; start += 1)
      runs.push(words.slice(start, start + length).join("-"));
  }
  return [...hyphenated, ...words, ...runs];
}

/** The kinds a piece of a path or a link text names ("/about", "Our team", "trust-center"). */
export function kindsNamedBy(text: string): Set<PageKind> {
  const kinds = new Set<PageKind>();
  for (const term of terms(text)) for (const kind of WORD_KINDS.get(term) ?? []) kinds.add(kind);
  return kinds;
}

/** What a page of a site is, from its URL path and the texts that link to it. */
export interface PageKindReading {
  /** Kinds its section (first path segment), its own name (last segment) and its link text name. */
  kinds: Set<PageKind>;
  /**
   * An article in a collection (`/blog/<slug>`, `/news/<slug>`): it answers only the question its
   * own title is about, not the questions its section usually answers.
   */
  article: boolean;
  /** Its kinds are read from a word of a longer name only ("tracking-teams"), not from a name of the kind itself. */
  partial: boolean;
}

/** Most words a path segment names a kind of page with: "meet-the-team"; a longer one is an article's title. */
const MAX_KIND_SEGMENT_WORDS = 3;

/** The kinds a path segment names: none for a title ("open-source-eating-saas" is no "open" page). */
function namingKinds(segment: string): Set<PageKind> {
  const words = segment.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length > MAX_KIND_SEGMENT_WORDS ? new Set() : kindsNamedBy(segment);
}

/** Reads a page's kind: `/blog/compliance` is a blog article about compliance, `/docs/authors` a team page. */
export function readPageKind(path: string, linkText = ""): PageKindReading {
  const segments = path.split("/").filter(Boolean);
  const section = segments[0] ?? "";
  const leaf = segments[segments.length - 1] ?? "";
  const sectionKinds = namingKinds(section);
  const leafKinds = namingKinds(leaf);
  const article =
    segments.length >= 2 && (sectionKinds.has("blog") || sectionKinds.has("press")) && leafKinds.size === 0;
  const linked = kindsNamedBy(linkText);
  const kinds = new Set<PageKind>([...(article ? [] : sectionKinds), ...leafKinds, ...linked]);
  if (article) for (const kind of sectionKinds) kinds.add(kind);
  // "/tutorials/tracking-teams" names a team only in part: "/team" and "/meet-the-team" are its name.
  const named = (segment: string) => WORD_KINDS.has(segment.toLowerCase());
  const partial = kinds.size > 0 && linked.size === 0 && !named(leaf) && !(segments.length === 1 && named(section));
  return { kinds, article, partial };
}
