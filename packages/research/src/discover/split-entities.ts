import {
  collapseWhitespace,
  type DomDocument,
  type DomElement,
  parseDocument,
  toArray,
} from "../gather/extract/dom.js";
import {
  absoluteUrl,
  bareHost,
  type EntryLinks,
  GENERIC,
  linksOf,
  logoSites,
  ownSites,
  sectionHeadingOf,
  signatureOf,
  textOf,
  wholePhrase,
  withoutLabelLinks,
} from "./entry-markup.js";
import { hostName, logoLabels, nameFromLabel } from "./logo-name.js";

/** One entry of a listing page: a table row, a list item or a card, with its links. */
export interface PageEntity extends EntryLinks {
  /** The entry's name: a company's or a person's, as the page writes it. */
  name: string;
  /** The entry's whole text (at most {@link MAX_CARD_CHARS}), what the page says of it. */
  text: string;
  /** For a person: the words beside the name that read as their role ("Partner", "Chief Executive Officer"). */
  title?: string;
  /** The entry sits under a heading that lists what no longer is ("Former sponsors", "Past members"). */
  past?: boolean;
}

/** What a page says about itself, for the candidates found on it. */
export interface ListingPage {
  url: string;
  /** `<title>` or the first heading. */
  title: string | null;
  /** `og:site_name`, or the organisation the page belongs to. */
  siteName: string | null;
  /** The entries, in page order, from every group of at least {@link MIN_GROUP} alike entries. */
  entities: PageEntity[];
  /** The next page of a paged listing (`rel=next`, or a link that says "Next"). */
  nextPageUrl: string | null;
  /** The shapes (tag and classes) of the entries taken: the next page of the listing has the same. */
  signatures: string[];
}

/** Options of {@link splitEntities}. */
export interface SplitOptions {
  /**
   * Entry shapes known from the previous page of a paged listing: a group of that shape is taken
   * however few entries it has (the last page may hold one).
   */
  signatures?: readonly string[];
  /**
   * Words of what is looked for (the objective's): a page whose title or heading has one of them, or
   * a word that names a listing ("directory", "members", "portfolio"), is taken for a listing of
   * companies; elsewhere a group counts as companies only when its entries link to their own sites
   * or carry company words (Inc, Ltd, Labs, ...).
   */
  topicWords?: readonly string[];
}

/** Words of a page's title that say it lists companies. */
const LISTING_TITLE =
  /\b(?:director(?:y|ies)|lists?|members?|membership|portfolio|compan(?:y|ies)|startups?|customers?|clients?|partners?|sponsors?|supporters?|donors?|funders?|backers?|exhibitors?|vendors?|suppliers?|brands?|firms?|organi[sz]ations?|businesses|agencies|index|ranking|rankings|alumni|investments|cohort|batch|winners|finalists|top \d+)\b/i;

/** Headings of a section of logos that say whose they are: "Trusted by", "Backed by", "Our customers". */
const LOGO_SECTION = /\b(?:trusted|used|loved|backed|funded|supported|sponsored|powered|chosen|relied on)\s+by\b/i;

/** Longest entry text kept, in characters. */
export const MAX_CARD_CHARS = 800;
/** Fewest alike entries that make a group a listing (a menu of two links is not a directory). */
export const MIN_GROUP = 3;

/** Elements that are never a listing's entries: page chrome, forms, scripts. */
const CHROME =
  "script, style, noscript, template, svg, nav, header, footer, aside, form, iframe, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true]";

const ORGANISATION_WORDS =
  /\b(?:inc|ltd|llc|gmbh|ag|bv|b\.v|sa|plc|ab|as|oy|aps|group|holdings?|capital|ventures|partners|labs?|technologies|systems|solutions|energy|health|analytics|software|studio|foundation|university|institute|association|council|fund|bank|company|corp|corporation)\b\.?/i;

const NAME_PARTICLES = new Set([
  "von",
  "van",
  "de",
  "der",
  "den",
  "da",
  "del",
  "della",
  "di",
  "du",
  "la",
  "le",
  "dos",
  "das",
  "bin",
  "al",
  "y",
  "ter",
  "ten",
]);

/**
 * Words of a section's or a role's heading ("Board of Trustees", "Our Team", "Staff Engineer"): a
 * text with one of them is not a person's name.
 */
const NOT_NAME_WORDS =
  /\b(?:our|the|team|teams|board|directors?|leadership|management|staff|people|members|advisors|advisory|investors|founders|partners|executives?|officers?|employees|mission|vision|values|principles|about|contact|careers|jobs|news|blog|product|engineering|engineer|design|designer|marketing|sales|operations|support|community|committee|council|governance|trustees|overview|welcome|meet|who|we|us)\b/i;

/** Whether a text reads as a person's name: two to four capitalized words, no digits, no company, section or role words. */
export function looksLikePersonName(text: string): boolean {
  const words = text.replace(/^(?:dr|prof|mr|mrs|ms|sir)\.?\s+/i, "").split(/\s+/);
  if (words.length < 2 || words.length > 4 || /\d/.test(text) || ORGANISATION_WORDS.test(text)) return false;
  if (NOT_NAME_WORDS.test(text)) return false;
  return words.every((word) => NAME_PARTICLES.has(word) || /^\p{Lu}[\p{L}'’.-]*$/u.test(word));
}

/** Words that make a name a job opening's title ("Senior Backend Engineer"), not a company's. */
const JOB_TITLE =
  /\b(?:engineer|developer|designer|manager|specialist|analyst|scientist|consultant|coordinator|assistant|associate|representative|intern|internship|director|officer|executive|administrator|technician|architect|recruiter|lead|head of|vp|vice president)s?\b/i;

/** Words of a person's role on a team page. */
const PERSON_ROLE =
  /\b(?:founder|co-founder|ceo|cto|cfo|coo|cmo|president|partner|chair|director|head|lead|manager|engineer|officer|principal|associate|analyst|designer|developer|advisor|member|board|vp|engineering|marketing|sales|operations|product|design|support|service|customer)\b/i;

/** Whether a text can be the name of an entity of the kind wanted. */
function isName(text: string, entityType: "company" | "person"): boolean {
  if (text.length < 2 || text.length > 100 || !/\p{L}/u.test(text) || GENERIC.test(text)) return false;
  // A label and its value ("Founded: 2016", "Headquarters: Boston") is a fact of a page, not a name.
  if (/\S:\s/.test(text)) return false;
  if (entityType === "person") return looksLikePersonName(text);
  const words = text.split(/\s+/);
  // A sentence is not a name: a company's name is short and does not end like a statement ("& Co." and an initial do not end one).
  const statement = /[.!?]$/.test(text) && !/(?:\b(?:co|inc|ltd|corp|llc|plc|bros|jr|sr)|\b\p{Lu})\.$/iu.test(text);
  return words.length <= 8 && !(words.length > 4 && statement);
}

/** A heading over entries that no longer are what the page lists: "Former sponsors", "Past members", "Earlier trustees". */
const PAST_HEADING = /\b(?:previous|past|former|earlier|inactive|retired|alumni|emeritus|ex)\b/i;

/** How a group's entries are named: its table's name column, its columns of repeated values, the values that are attributes. */
interface Naming {
  /** The table's column that holds the names (its header says so): a row is named by that cell or not at all. */
  nameColumn?: number;
  /** The header says what the column lists ("Company", "Sponsor", "Member"): the table lists entities of that kind. */
  listsEntities?: boolean;
  /** Columns whose values repeat down the table (a sector, a tier, a country): attributes, never a name. */
  attributeColumns?: ReadonlySet<number>;
  /** Values that many of the group's entries share (a tier, a category): attributes, never a name. */
  attributes?: ReadonlySet<string>;
}

/** An entry's name, and whether its text gave it or (an entry of logos) its logo's label or link. */
interface EntryName {
  name: string;
  /** Named by a logo: its image's `alt`, `title` or `aria-label`, or the host of the site it links to. */
  byLogo?: true;
}

/**
 * The name of an entry: its heading, its bold text, its first meaningful link, or the words before a
 * separator; for an entry whose text names nothing (a logo, or a logo and its tier), its logo's
 * label, else (a company) the host of the site it links to.
 */
function nameOf(
  element: DomElement,
  entityType: "company" | "person",
  pageUrl: string,
  naming: Naming = {},
): EntryName | null {
  const attributes = naming.attributes ?? new Set<string>();
  const fromText = textNameOf(element, entityType, naming);
  if (fromText) return { name: fromText };
  const columnIndex = naming.nameColumn;
  const holder = columnIndex !== undefined ? toArray(element.children)[columnIndex] : element;
  return holder ? logoNameOf(holder, entityType, pageUrl, attributes) : null;
}

/**
 * The name a logo gives an entry whose text names nothing (nothing but values its group shares and
 * link labels such as "Visit website"): its image's or link's label, or for a company the host of
 * the site it links to, never a file name.
 */
function logoNameOf(
  element: DomElement,
  entityType: "company" | "person",
  pageUrl: string,
  attributes: ReadonlySet<string>,
): EntryName | null {
  let rest = withoutLabelLinks(element);
  for (const attribute of attributes) rest = rest.replace(wholePhrase(attribute, "giu"), " ");
  rest = collapseWhitespace(rest).replace(/^[\s:,–—|·•-]+|[\s:,–—|·•-]+$/g, "");
  if (rest !== "" && !GENERIC.test(rest)) return null;
  for (const label of logoLabels(element)) {
    const name = nameFromLabel(label);
    if (name && isName(name, entityType) && !attributes.has(name.toLowerCase())) return { name, byLogo: true };
  }
  const website = entityType === "company" ? linksOf(element, pageUrl).website : undefined;
  return website ? { name: hostName(website), byLogo: true } : null;
}

/** The name an entry's text gives it: see {@link nameOf}. */
function textNameOf(element: DomElement, entityType: "company" | "person", naming: Naming): string | null {
  const tries: string[] = [];
  const attributes = naming.attributes ?? new Set<string>();
  const columnIndex = naming.nameColumn;
  if (columnIndex !== undefined) {
    const cell = toArray(element.children)[columnIndex];
    const text = cell
      ? withoutLabelLinks(cell)
          .replace(/[\s:,–—-]+$/, "")
          .trim()
      : "";
    // The column that says it holds names is the name: another cell of the row is an attribute of it.
    return isName(text, entityType) && !attributes.has(text.toLowerCase()) ? text : null;
  }
  for (const selector of ["h1, h2, h3, h4, h5, h6", "[itemprop=name], .name, [class*=name]", "strong, b", "a[href]"]) {
    for (const found of toArray(element.querySelectorAll(selector))) tries.push(textOf(found));
  }
  if (entityType === "person") {
    // A person's card marks their name (a heading, a name element, bold text): the words around it are their role.
    const marked = toArray(
      element.querySelectorAll("h1, h2, h3, h4, h5, h6, [itemprop=name], [class*=name], strong, b"),
    )
      .map((found) => textOf(found))
      .filter(Boolean);
    if (marked.length > 0) {
      const full = marked.find((text) => looksLikePersonName(text));
      if (full) return full;
      // Small teams list first names only ("Claire"); with the organisation's site they still identify a person.
      const first = marked.find((text) => /^\p{Lu}[\p{Ll}'’-]+$/u.test(text) && !GENERIC.test(text));
      return first ?? null;
    }
  }
  if (element.nodeName.toUpperCase() === "TR") {
    // Without a name column: the first cell that reads as words, not a code ("MMM"), a number or a date,
    // nor a value repeated down its column (a sector, a tier).
    for (const [index, cell] of toArray(element.children).entries()) {
      if (naming.attributeColumns?.has(index)) continue;
      const text = withoutLabelLinks(cell);
      if (/\p{Ll}/u.test(text) || /\s/.test(text)) tries.push(text);
    }
  }
  const whole = textOf(element);
  // Not at ":": "Founded: 2016" is a label and its value, not a name and a note.
  const lead = whole.split(/\s+[—–|•·]\s+|\s+-\s+|,\s|\s\(/)[0];
  if (lead) tries.push(lead);
  for (const raw of tries) {
    // "Acme Silver" beside a tier every other entry carries too: the name is what is left.
    let text = raw;
    for (const attribute of attributes) text = text.replace(wholePhrase(attribute, "giu"), " ");
    text = collapseWhitespace(text)
      .replace(/[\s:,–—|-]+$/, "")
      .replace(/^[\s:,–—|-]+/, "")
      .trim();
    if (isName(text, entityType) && !attributes.has(text.toLowerCase())) return text;
  }
  return null;
}

/** The columns of a table's rows whose values repeat: fewer than half of the rows have a value of their own. */
function repeatedColumns(rows: readonly DomElement[]): Set<number> {
  const repeated = new Set<number>();
  if (rows.length < MIN_GROUP + 1) return repeated;
  const width = Math.max(...rows.map((row) => row.children.length));
  for (let column = 0; column < width; column += 1) {
    const values = rows.map((row) => textOf(toArray(row.children)[column] ?? row).toLowerCase());
    if (new Set(values).size < rows.length / 2) repeated.add(column);
  }
  return repeated;
}

/**
 * The names of a group that are attributes its entries share, not entities: a name that stands as a
 * whole in the text of at least three entries and a quarter of them (a tier "Gold" above one
 * sponsor's logo and beside every other's).
 */
function sharedValues(names: ReadonlyArray<{ name: string; text: string }>): Set<string> {
  const shared = new Set<string>();
  const needed = Math.max(MIN_GROUP, names.length / 4);
  // A name stands in no more entries than its rarest word does: most names, each in its own entry
  // alone, are not searched for in every other entry (a directory of 1,000 cards would take seconds).
  const entriesWith = new Map<string, number>();
  for (const entry of names) {
    for (const word of new Set(lowerWords(entry.text))) entriesWith.set(word, (entriesWith.get(word) ?? 0) + 1);
  }
  for (const name of new Set(names.map((entry) => entry.name))) {
    const words = lowerWords(name);
    if (words.length === 0 || words.some((word) => (entriesWith.get(word) ?? 0) < needed)) continue;
    const pattern = wholePhrase(name);
    const holding = names.filter((entry) => pattern.test(entry.text)).length;
    if (holding >= needed) shared.add(name.toLowerCase());
  }
  return shared;
}

const lowerWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A short text that can be a role: at most 80 characters and ten words, not a sentence. */
function asRole(text: string | undefined, name: string): string | undefined {
  const role = text?.replace(/^[\s,|:–—-]+|[\s,|:–—-]+$/g, "").trim();
  if (!role || role === name || role.length > 80 || role.split(/\s+/).length > 10 || /[.!?]$/.test(role))
    return undefined;
  return role;
}

/** For a person: their role as the entry marks it (a role or title element), or the element right after their name. */
function roleOf(element: DomElement, name: string): string | undefined {
  const marked = element.querySelector(
    "[itemprop=jobTitle], [class*=role], [class*=position], [class*=job], [class*=title]",
  );
  const fromMark = marked ? asRole(textOf(marked), name) : undefined;
  if (fromMark) return fromMark;
  const nameElement = toArray(element.querySelectorAll("h1, h2, h3, h4, h5, h6, strong, b, a, [class*=name]")).find(
    (candidate) => textOf(candidate) === name,
  );
  return asRole(nameElement?.nextElementSibling ? textOf(nameElement.nextElementSibling) : undefined, name);
}

/** For a person: the short text right after the name in the entry, when it reads as a role. */
function titleNear(text: string, name: string): string | undefined {
  const at = text.indexOf(name);
  if (at === -1) return undefined;
  const rest = text
    .slice(at + name.length)
    .replace(/^[\s,|:–—-]+/, "")
    .split(/\s*[|•·.;]\s|\s[—–-]\s/)[0]
    ?.trim();
  if (!rest || rest.length > 80 || rest.split(/\s+/).length > 10) return undefined;
  return rest;
}

/** Alike sibling elements that may be a listing's entries, and how they are named. */
interface EntryGroup {
  elements: DomElement[];
  naming: Naming;
}

/** The groups of alike sibling elements that may be a listing's entries, with the name column of a table. */
function entryGroups(document: DomDocument): EntryGroup[] {
  const groups: EntryGroup[] = [];
  for (const table of toArray(document.querySelectorAll("table"))) {
    const rows = toArray(table.querySelectorAll("tr")).filter((row) => row.querySelector("td") !== null);
    const headerCells = toArray(table.querySelectorAll("tr")).find((row) => row.querySelector("th") !== null);
    let nameColumn: number | undefined;
    let listsEntities = false;
    if (headerCells) {
      const labels = toArray(headerCells.children).map((cell) => textOf(cell).toLowerCase());
      // A column that says it holds names first ("Name", "Company name"), then one that says what is listed.
      const named = labels.findIndex(
        (label) => /\bnames?\b/.test(label) && !/\b(?:user|domain|file|code)\s*names?\b/.test(label),
      );
      const listed = labels.findIndex((label) =>
        /^(?:the\s+)?(?:compan(?:y|ies)|organi[sz]ations?|startups?|firms?|members?|persons?|people|partners?|founders?|business(?:es)?|brands?|security|securities|issuer|employer|investee|portfolio company|sponsors?|exhibitors?|customers?|vendors?|suppliers?)$/.test(
          label,
        ),
      );
      const index = named !== -1 ? named : listed;
      if (index !== -1) nameColumn = index;
      listsEntities =
        index !== -1 &&
        /\b(?:compan|organi[sz]|startup|firm|member|partner|business|brand|securit|issuer|employer|investee|sponsor|exhibitor|customer|vendor|supplier)/.test(
          labels[index] ?? "",
        );
    }
    groups.push({
      elements: rows,
      naming: nameColumn !== undefined ? { nameColumn, listsEntities } : { attributeColumns: repeatedColumns(rows) },
    });
  }
  for (const list of toArray(document.querySelectorAll("ul, ol, dl"))) {
    const items = toArray(list.children).filter((child) => /^(?:LI|DT)$/i.test(child.tagName));
    groups.push({ elements: items, naming: {} });
  }
  // Cards: siblings of one shape, each with a heading, bold text, link or logo.
  for (const parent of toArray(document.querySelectorAll("div, section, main, article, body"))) {
    const bySignature = new Map<string, DomElement[]>();
    for (const child of toArray(parent.children)) {
      if (!/^(?:DIV|ARTICLE|SECTION|LI|A|FIGURE|IMG|PICTURE)$/i.test(child.tagName)) continue;
      if (
        !child.querySelector("h2, h3, h4, h5, h6, strong, b, a[href], img") &&
        !/^(?:A|IMG|PICTURE)$/i.test(child.tagName)
      )
        continue;
      const signature = signatureOf(child);
      bySignature.set(signature, [...(bySignature.get(signature) ?? []), child]);
    }
    for (const elements of bySignature.values()) groups.push({ elements, naming: {} });
  }
  return groups;
}

/**
 * Whether two containers are sections of one listing: siblings ("Gold" and "Silver" lists one after
 * the other) or in sibling sections (each tier a section with its heading and its list).
 */
function sameListing(left: DomElement, right: DomElement): boolean {
  if (left === right) return false;
  if (left.parentElement && left.parentElement === right.parentElement) return true;
  const grandparent = left.parentElement?.parentElement;
  return !!grandparent && grandparent === right.parentElement?.parentElement;
}

function isInside(element: DomElement, taken: ReadonlySet<DomElement>): boolean {
  for (let node: DomElement | null = element; node; node = node.parentElement) if (taken.has(node)) return true;
  return false;
}

function pageTitleOf(document: DomDocument): string | null {
  const title = collapseWhitespace(document.querySelector("title")?.textContent ?? "");
  if (title) return title;
  const heading = collapseWhitespace(document.querySelector("h1")?.textContent ?? "");
  return heading || null;
}

function siteNameOf(document: DomDocument): string | null {
  const meta = document.querySelector('meta[property="og:site_name"], meta[name="application-name"]');
  const content = collapseWhitespace(meta?.getAttribute("content") ?? "");
  return content || null;
}

function nextPageOf(document: DomDocument, pageUrl: string): string | null {
  const candidates = [
    ...toArray(document.querySelectorAll('link[rel~="next"], a[rel~="next"]')),
    ...toArray(document.querySelectorAll("a[href]")).filter((anchor) =>
      /^(?:next(?: page)?|older|more results|[›»→]|next\s*[›»→])$/i.test(collapseWhitespace(anchor.textContent ?? "")),
    ),
  ];
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate.getAttribute("href"), pageUrl);
    if (url && bareHost(url.hostname) === bareHost(new URL(pageUrl).hostname) && url.href !== pageUrl) return url.href;
  }
  return null;
}

/**
 * Splits a directory, listing, member, portfolio or team page into its entries, however long: every
 * group of at least {@link MIN_GROUP} alike siblings (table rows, list items, cards) whose entries
 * carry a name of the kind wanted becomes entities, in page order, each with its text and links.
 * Page chrome (menus, header, footer, forms) is left out, and an entry inside a larger entry
 * already taken is not taken again. A page that is not a listing gives no entities.
 */
export function splitEntities(
  html: string,
  pageUrl: string,
  entityType: "company" | "person",
  options: SplitOptions = {},
): ListingPage {
  const known = new Set(options.signatures ?? []);
  const signatures = new Set<string>();
  const document = parseDocument(html);
  const title = pageTitleOf(document);
  const siteName = siteNameOf(document);
  const nextPageUrl = nextPageOf(document, pageUrl);
  const heading = `${pageTitleOf(document) ?? ""} ${collapseWhitespace(document.querySelector("h1")?.textContent ?? "")}`;
  const headingWords = new Set(heading.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  const saysListing =
    LISTING_TITLE.test(heading) || (options.topicWords ?? []).some((word) => headingWords.has(word.toLowerCase()));
  for (const element of toArray(document.querySelectorAll(CHROME))) element.remove();
  const found: Array<{ element: DomElement; entity: PageEntity }> = [];
  const taken = new Set<DomElement>();
  // Every ancestor of a taken entry: an element among them would hold an entry already taken.
  const holdsTaken = new Set<DomElement>();
  /**
   * Takes the group's entries when they make a listing, and says whether they were logos (named by
   * their images or links more than by their text); null when they make none. With `logosOnly`, a
   * group of entries named mostly by their text is not taken.
   */
  const take = (group: EntryGroup, minimum: number, logosOnly = false): { logos: boolean } | null => {
    const shape = group.elements[0] ? signatureOf(group.elements[0]) : "";
    const named: Array<{ element: DomElement; name: EntryName; text: string }> = [];
    for (const element of group.elements) {
      if (isInside(element, taken) || holdsTaken.has(element)) continue;
      const name = nameOf(element, entityType, pageUrl, group.naming);
      if (name) named.push({ element, name, text: textOf(element) });
    }
    // A value most entries share (a tier, a category) names none of them: the entry's own name is elsewhere in it.
    const attributes = sharedValues(named.map(({ name, text }) => ({ name: name.name, text })));
    const entries: Array<{ element: DomElement; entity: PageEntity; byLogo: boolean }> = [];
    for (const { element, name: first, text: whole } of named) {
      const name = attributes.has(first.name.toLowerCase())
        ? nameOf(element, entityType, pageUrl, { ...group.naming, attributes })
        : first;
      if (!name) continue;
      // A section that holds several entities' links (a tier's logos under its heading) is not one of them.
      if (entityType === "company" && (ownSites(element, pageUrl) >= MIN_GROUP || logoSites(element, pageUrl) >= 2))
        continue;
      const text = whole.slice(0, MAX_CARD_CHARS);
      const entity: PageEntity = { name: name.name, text, ...linksOf(element, pageUrl) };
      if (PAST_HEADING.test(sectionHeadingOf(element) ?? "")) entity.past = true;
      if (entityType === "person") {
        const role = roleOf(element, name.name) ?? titleNear(text, name.name);
        if (role) entity.title = role;
      }
      entries.push({ element, entity, byLogo: name.byLogo === true });
    }
    // Most of a listing's entries carry a name: a paragraph list of sentences is not a directory.
    if (entries.length < minimum || entries.length < group.elements.length / 2) return null;
    // Logos alone (a wall of images, a row of badges, screenshots that link on) list entities only
    // where the page or their section says it lists them: "Sponsors", "Our customers", "Trusted by".
    const logos = entries.filter((entry) => entry.byLogo).length > entries.length / 2;
    if (logosOnly && !logos) return null;
    let listed = saysListing || known.has(shape) || group.naming.listsEntities === true;
    if (!listed && logos) {
      const section = sectionHeadingOf(group.elements[0]!) ?? "";
      const sectionWords = new Set(section.toLowerCase().split(/[^\p{L}\p{N}]+/u));
      listed =
        LISTING_TITLE.test(section) ||
        LOGO_SECTION.test(section) ||
        (options.topicWords ?? []).some((word) => sectionWords.has(word.toLowerCase()));
      if (!listed) return null;
    }
    // First names alone make a team only beside full names: one-word headings alone are features or sections.
    if (entityType === "person" && !entries.some(({ entity }) => looksLikePersonName(entity.name))) return null;
    // A careers page lists openings, not companies ("Senior Backend Engineer"; "Alder & Finch Architects" alone is a firm).
    const openings = entries.filter(
      ({ entity }) => JOB_TITLE.test(entity.name) && !ORGANISATION_WORDS.test(entity.name),
    );
    if (entityType === "company" && openings.length >= entries.length / 2) return null;
    // Elsewhere than on a page that says it lists them, companies link to their own sites or carry company words.
    // A table whose header names its column "Company", "Sponsor" or "Member" says so itself.
    if (entityType === "company" && !listed) {
      const linked = entries.filter(({ entity }) => entity.website).length;
      const worded = entries.filter(({ entity }) => ORGANISATION_WORDS.test(entity.name)).length;
      if (linked < entries.length * 0.3 && worded < entries.length * 0.3) return null;
    }
    // A team page lists people with their roles, not companies.
    const people = entries.filter(
      ({ element, entity }) => looksLikePersonName(entity.name) && PERSON_ROLE.test(roleOf(element, entity.name) ?? ""),
    );
    if (entityType === "company" && people.length > entries.length * 0.6) return null;
    signatures.add(shape);
    for (const entry of entries) {
      taken.add(entry.element);
      for (let node = entry.element.parentElement; node && !holdsTaken.has(node); node = node.parentElement)
        holdsTaken.add(node);
      found.push({ element: entry.element, entity: entry.entity });
    }
    return { logos };
  };
  // Larger groups first: a list of 40 members wins over the three links inside one member's card.
  const groups = entryGroups(document).sort((left, right) => right.elements.length - left.elements.length);
  for (const group of groups) {
    const shape = group.elements[0] ? signatureOf(group.elements[0]) : "";
    const minimum = known.has(shape) ? 1 : MIN_GROUP;
    if (group.elements.length < minimum) continue;
    const listing = take(group, minimum);
    // A section of logos of the same listing and shape (its container's and its entries') beside
    // logos taken is taken however few entries it names (a tier of two platinum sponsors, a tier of
    // three logos one of which names nobody), before anything that holds it (the tier's section,
    // named by its heading) is. Text lists are not: a page's other bullet lists are not its listing.
    const container = group.elements[0]!.parentElement;
    if (!listing?.logos || !container) continue;
    for (const other of groups) {
      const first = other.elements[0];
      const holder = first?.parentElement;
      if (!first || !holder || other === group || isInside(first, taken)) continue;
      if (
        signatureOf(first) === shape &&
        signatureOf(holder) === signatureOf(container) &&
        sameListing(holder, container)
      )
        take(other, 1, true);
    }
  }
  // Page order, whichever group an entry came from.
  const order = toArray(document.querySelectorAll("*"));
  const position = new Map(order.map((element, index) => [element, index]));
  found.sort((left, right) => (position.get(left.element) ?? 0) - (position.get(right.element) ?? 0));
  return {
    url: pageUrl,
    title,
    siteName,
    entities: found.map((entry) => entry.entity),
    nextPageUrl,
    signatures: [...signatures],
  };
}
