import type { NormalizedResearchRequest } from "@dossier/contract";
import { canonicalWebsite, normalizeEmail } from "@dossier/enrich";

/** What the gather stage should look at for one request. */
export interface ResearchPlan {
  /** Search engine queries, best first. */
  queries: string[];
  /** Origins of the subject's own sites (`https://acme.com`), crawled directly. */
  ownSites: string[];
  /** Names that identify the subject, used to rank passages and to check that a page is about it. */
  subjectTerms: string[];
  /** The person's full name, for person requests. */
  personName: string | null;
  /** The company's name, when known. */
  companyName: string | null;
  /** Things left out, said in `details` (e.g. a free-mail domain that is not a company site). */
  notes: string[];
}

const QUESTION_NOISE = new Set(
  "many much the a an of to in on for is are was were be been does do did has have had what which who whom whose when where why how this that these those it its their his her they them company person firm business organisation organization there any some with by at from as or and if not please tell me we our you your".split(
    " ",
  ),
);

/** The question's content words, for search queries: "Is Acme SOC 2 certified?" -> "SOC 2 certified". */
export function questionKeywords(question: string, subjectTerms: readonly string[]): string {
  const subjectWords = new Set(
    subjectTerms.flatMap((term) => term.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean),
  );
  const words = question
    .replace(/[?!.,;:()"]/g, " ")
    .split(/\s+/)
    // A possessive of the subject ("Doe's", "Robotics'") names the subject too; it only narrows the search.
    .filter(
      (word) =>
        word &&
        !QUESTION_NOISE.has(word.toLowerCase()) &&
        !subjectWords.has(word.toLowerCase().replace(/['\u2019]s?$/, "")),
    );
  return words.slice(0, 8).join(" ");
}

function hostOf(origin: string): string {
  return new URL(origin).hostname;
}

/**
 * Derives search queries from templates and the subject's own sites from the facts given: the
 * company website, and the domain of a person's e-mail unless it is a free-mail or disposable
 * provider. Profile pages on professional networks are not crawled (their robots.txt forbids it);
 * search results may still lead to public pages about the subject.
 */
export function planResearch(request: NormalizedResearchRequest): ResearchPlan {
  const person = request.kind === "person" ? request.subject : null;
  const company = request.kind === "person" ? request.subject.company : request.subject;
  const notes: string[] = [];
  const ownSites: string[] = [];
  const addSite = (raw: string | undefined, label: string) => {
    if (raw === undefined) return;
    const origin = canonicalWebsite(raw);
    if (!origin) {
      notes.push(`The ${label} "${raw}" is not a public web address, so it was not read.`);
      return;
    }
    if (!ownSites.includes(origin)) ownSites.push(origin);
  };
  addSite(company?.website, "company website");
  if (person?.email !== undefined) {
    const email = normalizeEmail(person.email);
    if (email.registrableDomain && !email.isFreeMail && !email.isDisposable)
      addSite(email.registrableDomain, "e-mail domain");
  }

  const companyName = company?.name ?? null;
  const personName =
    person?.firstName !== undefined && person.lastName !== undefined ? `${person.firstName} ${person.lastName}` : null;
  const domain = ownSites[0] ? hostOf(ownSites[0]).replace(/^www\./, "") : null;
  const subjectTerms = [personName, companyName, domain].filter((term): term is string => !!term);
  const keywords = questionKeywords(request.question, subjectTerms);

  const queries: string[] = [];
  const add = (query: string) => {
    const trimmed = query.replace(/\s+/g, " ").trim();
    if (trimmed && !queries.includes(trimmed)) queries.push(trimmed);
  };
  if (request.kind === "person") {
    const who = personName ? `"${personName}"` : person?.email !== undefined ? `"${person.email}"` : "";
    add(`${who} ${companyName ? `"${companyName}"` : (domain ?? "")} ${keywords}`);
    if (domain) add(`${who} ${domain}`);
  } else {
    const what = companyName ? `"${companyName}"` : (domain ?? "");
    add(`${what} ${keywords}`);
    if (domain && companyName) add(`${domain} ${keywords}`);
  }
  return { queries: queries.slice(0, 3), ownSites, subjectTerms, personName, companyName, notes };
}
