import { hash } from "node:crypto";
import type { Company, Person } from "@dossier/contract";
import { canonicalLinkedinUrl, canonicalWebsite } from "@dossier/enrich";
import type { PageEntity } from "./split-entities.js";

/** Where a candidate was found. */
export interface FoundOn {
  url: string;
  title: string | null;
}

/**
 * One candidate of a list: a company or a person as found, where it was found and what those pages
 * say of it. Plain data, stored as JSON with the list.
 */
export interface Candidate {
  /** Stable id: the same entity has the same id in every list (a hash of its normalized name, or of its first key). */
  id: string;
  /** The name to show and to ask about: a company's name, a person's full name. */
  name: string;
  /** For a company list: the company, as a research request takes it. */
  company?: Company;
  /** For a person list: the person, with their company. */
  person?: Person;
  /** The pages it was found on, first first. */
  foundOn: FoundOn[];
  /** Its entry's text on each of those pages (same order): what a quote from a listing page must be part of. */
  cards: string[];
  /** The page of its own that its entry links to on a directory (a profile page), when there is one. */
  profileUrl?: string;
}

/** Legal forms left out when names are compared: "Kestrel Security B.V." is "Kestrel Security". */
const LEGAL_FORMS =
  /\b(?:inc|incorporated|ltd|limited|llc|l\.l\.c|gmbh|ag|bv|b\.v|nv|n\.v|sa|s\.a|sas|sarl|srl|spa|plc|ab|as|asa|oy|oyj|aps|a\/s|co|corp|corporation|company|pty|pte|kg|se)\b\.?/gi;

/** A name reduced for comparison: case, accents, punctuation and legal forms aside. */
export function normalizedName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(LEGAL_FORMS, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The name of a company without its legal form, as pages often write it. */
export function shortCompanyName(name: string): string {
  const short = name
    .replace(LEGAL_FORMS, " ")
    .replace(/[\s,.]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return short || name;
}

const hostOf = (origin: string) => new URL(origin).hostname;

/**
 * The keys that identify a candidate, strongest first: its website's host, its LinkedIn profile,
 * its normalized name (a person's with their company's, so that two Jane Does at two firms stay two).
 */
export function candidateKeys(subject: { company?: Company; person?: Person }): string[] {
  const keys: string[] = [];
  if (subject.person) {
    const person = subject.person;
    const linkedin = canonicalLinkedinUrl(person.linkedinUrl, "person");
    if (linkedin) keys.push(`li:${linkedin}`);
    if (person.email) keys.push(`email:${person.email.toLowerCase()}`);
    const name = normalizedName(`${person.firstName ?? ""} ${person.lastName ?? ""}`);
    const company = person.company;
    const at = company?.website ? canonicalWebsite(company.website) : null;
    const where = at ? hostOf(at) : normalizedName(company?.name ?? "");
    if (name) keys.push(`name:${name}@${where}`);
    return keys;
  }
  const company = subject.company ?? {};
  const website = canonicalWebsite(company.website);
  if (website) keys.push(`web:${hostOf(website)}`);
  const linkedin = canonicalLinkedinUrl(company.linkedinUrl, "company");
  if (linkedin) keys.push(`li:${linkedin}`);
  const name = normalizedName(company.name ?? "");
  if (name) keys.push(`name:${name}`);
  return keys;
}

function stableId(key: string): string {
  return `i-${hash("sha256", key, "base64url").slice(0, 16)}`;
}

/** Splits a person's written name into first and last: "Dr. Ana María de la Cruz" -> "Ana" and "María de la Cruz". */
function splitPersonName(name: string): { firstName: string; lastName: string } {
  const words = name.replace(/^(?:dr|prof|mr|mrs|ms|sir)\.?\s+/i, "").split(/\s+/);
  return { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

/** The company or person an entry of a listing page stands for. */
export function subjectOfEntity(
  entity: PageEntity,
  entityType: "company" | "person",
  organisation: Company | null,
): { company?: Company; person?: Person } {
  if (entityType === "company") {
    return {
      company: {
        name: entity.name,
        ...(entity.website ? { website: entity.website } : {}),
        ...(entity.linkedinUrl && canonicalLinkedinUrl(entity.linkedinUrl, "company")
          ? { linkedinUrl: canonicalLinkedinUrl(entity.linkedinUrl, "company")! }
          : {}),
      },
    };
  }
  const linkedin = entity.linkedinUrl ? canonicalLinkedinUrl(entity.linkedinUrl, "person") : null;
  return {
    person: {
      ...splitPersonName(entity.name),
      ...(entity.title ? { title: entity.title } : {}),
      ...(linkedin ? { linkedinUrl: linkedin } : {}),
      ...(organisation ? { company: organisation } : {}),
    },
  };
}

/** The keys of one excluded company or person. */
function excludedKeys(entry: Company | Person, entityType: "company" | "person"): string[] {
  return entityType === "person"
    ? candidateKeys({ person: entry as Person })
    : candidateKeys({ company: entry as Company });
}

/**
 * The candidates of one list as they are found: each new entry either joins the candidate it is
 * (same website host, LinkedIn profile or normalized name: what one knows fills in what the other
 * lacks, and both pages are kept as where it was found) or becomes a new one, unless an excluded
 * entry matches it. Keeps at most `capacity` candidates.
 */
export class CandidatePool {
  readonly #candidates: Candidate[] = [];
  readonly #byKey = new Map<string, Candidate>();
  readonly #excluded = new Set<string>();
  /** Entries dropped because the caller excluded them. */
  excludedCount = 0;

  constructor(
    entityType: "company" | "person",
    exclude: ReadonlyArray<Company | Person> = [],
    private readonly capacity = 10_000,
  ) {
    for (const entry of exclude) for (const key of excludedKeys(entry, entityType)) this.#excluded.add(key);
  }

  get size(): number {
    return this.#candidates.length;
  }

  get full(): boolean {
    return this.#candidates.length >= this.capacity;
  }

  /** The candidates in the order they were first found. */
  list(): Candidate[] {
    return [...this.#candidates];
  }

  /**
   * Adds one entry found on `page`; returns the candidate when the entry is a new one, null when it
   * joined a candidate already found, was excluded, or the pool is full.
   */
  add(
    subject: { company?: Company; person?: Person },
    name: string,
    page: FoundOn,
    card: string,
    profileUrl?: string,
  ): Candidate | null {
    const keys = candidateKeys(subject);
    if (keys.length === 0) return null;
    if (keys.some((key) => this.#excluded.has(key))) {
      this.excludedCount += 1;
      return null;
    }
    const existing = keys.map((key) => this.#byKey.get(key)).find((candidate) => candidate !== undefined);
    if (existing) {
      if (!existing.foundOn.some((found) => found.url === page.url)) {
        existing.foundOn.push(page);
        existing.cards.push(card);
      }
      this.#fillIn(existing, subject);
      this.#rename(existing, name);
      if (profileUrl) existing.profileUrl ??= profileUrl;
      for (const key of candidateKeys(existing)) this.#byKey.set(key, existing);
      return null;
    }
    if (this.full) return null;
    // The name key names the id when there is one: a name is found every time, a website not always.
    const idKey = keys.find((key) => key.startsWith("name:")) ?? keys[0]!;
    const candidate: Candidate = {
      id: stableId(idKey),
      name,
      ...subject,
      foundOn: [page],
      cards: [card],
      ...(profileUrl ? { profileUrl } : {}),
    };
    this.#candidates.push(candidate);
    for (const key of keys) this.#byKey.set(key, candidate);
    return candidate;
  }

  /**
   * Adds what a candidate's profile page says: its website and LinkedIn profile when it had none (the
   * candidate is then known by them too), and the page as one it was found on, its text as its entry.
   */
  addProfile(
    candidate: Candidate,
    page: FoundOn,
    profile: { website?: string; linkedinUrl?: string; text: string },
  ): void {
    if (!candidate.foundOn.some((found) => found.url === page.url)) {
      candidate.foundOn.push(page);
      candidate.cards.push(profile.text);
    }
    const linkedin = profile.linkedinUrl
      ? canonicalLinkedinUrl(profile.linkedinUrl, candidate.person ? "person" : "company")
      : null;
    if (candidate.company) {
      if (profile.website && !candidate.company.website) candidate.company.website = profile.website;
      if (linkedin && !candidate.company.linkedinUrl) candidate.company.linkedinUrl = linkedin;
    }
    if (candidate.person && linkedin && !candidate.person.linkedinUrl) candidate.person.linkedinUrl = linkedin;
    for (const key of candidateKeys(candidate)) if (!this.#byKey.has(key)) this.#byKey.set(key, candidate);
  }

  /**
   * Names a company known so far only by its site's host (a logo without a label) as another page
   * names it: "Delta Hydro" rather than "delta.example". Its id stays.
   */
  #rename(candidate: Candidate, name: string): void {
    const website = candidate.company?.website;
    if (!candidate.company || !website || name === candidate.name) return;
    const host = (url: string) => {
      try {
        return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase().replace(/^www\./, "");
      } catch {
        return null;
      }
    };
    const known = host(website);
    if (candidate.name.toLowerCase() !== known || name.toLowerCase() === known) return;
    candidate.name = name;
    candidate.company.name = name;
  }

  #fillIn(candidate: Candidate, subject: { company?: Company; person?: Person }): void {
    if (candidate.company && subject.company) {
      candidate.company.website ??= subject.company.website;
      candidate.company.linkedinUrl ??= subject.company.linkedinUrl;
      for (const field of ["website", "linkedinUrl"] as const)
        if (candidate.company[field] === undefined) delete candidate.company[field];
    }
    if (candidate.person && subject.person) {
      candidate.person.title ??= subject.person.title;
      candidate.person.linkedinUrl ??= subject.person.linkedinUrl;
      for (const field of ["title", "linkedinUrl"] as const)
        if (candidate.person[field] === undefined) delete candidate.person[field];
    }
  }
}
