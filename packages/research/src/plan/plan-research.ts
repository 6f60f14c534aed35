import type { NormalizedResearchRequest } from "@dossier/contract";
import { canonicalWebsite, namesFromEmail, normalizeEmail } from "@dossier/enrich";
import { withSpelledLettersJoined } from "../rank/tokenize.js";
import { originAsGiven, siteHostOf } from "../site-host.js";
import { acronymOf, nameInReadingOrder, shortNameAsked } from "../text/company-names.js";
import { type QuestionIntent, questionIntents } from "./question-intents.js";

/** Who a person request is about, as far as the request tells. */
export interface PersonIdentity {
  /** First and last name, when both are known (given, or spelled by the e-mail's local part). */
  fullName: string | null;
  /** The first name, when known: alone it identifies the person only together with the company. */
  firstName: string | null;
  /** The job title the caller gave; a page naming the first name with another role is a namesake's. */
  title: string | null;
  /** The company's name, when known. */
  companyName: string | null;
  /** Hosts of the company's own sites (from its website or the e-mail domain), without `www.`. */
  companyHosts: string[];
}

/** What the gather stage should look at for one request. */
export interface ResearchPlan {
  /** Search engine queries, best first. */
  queries: string[];
  /** Origins of the subject's own sites (`https://acme.com`, with `www.` when the caller gave it), crawled directly. */
  ownSites: string[];
  /** Names that identify the subject, used to rank passages and to check that a page is about it. */
  subjectTerms: string[];
  /** What the question asks about: the crawl weighs pages by it. */
  intents: QuestionIntent[];
  /** The person a person request is about; null for a company or a person nothing names. */
  person: PersonIdentity | null;
  /** The person's full name, for person requests, when known. */
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

/** A domain without its ending and `www.` ("example" of "www.example.org"); any other term as it is. */
function withoutDomainEnding(term: string): string {
  const trimmed = term.trim();
  if (!/^(?:www\.)?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u.test(trimmed)) return term;
  return trimmed.replace(/^www\./i, "").replace(/(?:\.(?:co|com|org|net|ac|gov|edu))?\.[\p{L}]{2,}$/iu, "");
}

/** The question's content words, for search queries: "Is Acme SOC 2 certified?" -> "SOC 2 certified". */
export function questionKeywords(question: string, subjectTerms: readonly string[]): string {
  // A domain names the subject by its name, not by its ending: ".org websites" asks of ".org".
  const subjectWords = new Set(
    subjectTerms
      .flatMap((term) =>
        withoutDomainEnding(term)
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u),
      )
      .filter(Boolean),
  );
  // The subject's domain written whole ("acme.com") names it, ending and all.
  const domains = subjectTerms.filter((term) => withoutDomainEnding(term) !== term);
  const words = withSpelledLettersJoined(withoutNames(question, domains))
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

/** The question with the names given taken out, each where it stands as a whole phrase. */
function withoutNames(question: string, names: ReadonlyArray<string | null | undefined>): string {
  let rest = question;
  for (const name of names) {
    if (!name || name.trim().length < 2) continue;
    const escaped = name
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\s+/g, "\\s+");
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu"), " ");
  }
  return rest;
}

/** Whether the address is at one of the company's own domains (not a free-mail or other provider's). */
function emailIsCompanyAddress(email: string, ownSites: readonly string[]): boolean {
  const domain = email.split("@")[1]?.toLowerCase() ?? "";
  return ownSites.some((origin) => {
    const host = hostOf(origin).replace(/^www\./, "");
    return domain === host || domain.endsWith(`.${host}`);
  });
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
    const canonical = canonicalWebsite(raw);
    if (!canonical) {
      notes.push(`The ${label} "${raw}" is not a public web address, so it was not read.`);
      return;
    }
    const origin = originAsGiven(canonical, raw);
    if (!ownSites.some((known) => siteHostOf(known) === siteHostOf(origin))) ownSites.push(origin);
  };
  addSite(company?.website, "company website");
  if (person?.email !== undefined) {
    const email = normalizeEmail(person.email);
    if (email.registrableDomain && !email.isFreeMail && !email.isDisposable)
      addSite(email.registrableDomain, "e-mail domain");
  }

  const companyName = company?.name ?? null;
  // The e-mail's local part spells the name when the caller gave none ("sarah.chen@", "hanna@").
  const spelled = namesFromEmail(person?.email);
  const firstName = person?.firstName ?? (person?.lastName === undefined ? spelled.firstName : null);
  const lastName =
    person?.lastName ??
    (person?.firstName === undefined || person.firstName === spelled.firstName ? spelled.lastName : null);
  const personName = firstName && lastName ? `${firstName} ${lastName}` : null;
  const domain = ownSites[0] ? hostOf(ownSites[0]).replace(/^www\./, "") : null;
  const personTerm = personName ?? firstName;
  // The name the question itself gives the company ("Orvane" for "Orvane Inc.") names it on any page.
  const askedName = companyName ? shortNameAsked(companyName, request.question) : null;
  const subjectTerms = [personTerm, companyName, askedName, domain].filter((term): term is string => !!term);
  const keywords = questionKeywords(request.question, subjectTerms);
  const identity: PersonIdentity | null =
    request.kind === "person" && (personName || firstName)
      ? {
          fullName: personName,
          firstName,
          title: person?.title ?? null,
          companyName,
          companyHosts: ownSites.map((origin) => hostOf(origin).replace(/^www\./, "")),
        }
      : null;

  // Search engines match the name as pages write it: "Example Company (The)" as "The Example Company".
  const quotedName = companyName ? `"${nameInReadingOrder(companyName)}"` : null;
  const queries: string[] = [];
  const add = (query: string) => {
    const trimmed = query.replace(/\s+/g, " ").trim();
    if (trimmed && !queries.includes(trimmed)) queries.push(trimmed);
  };
  if (request.kind === "person") {
    const who = personTerm ? `"${personTerm}"` : person?.email !== undefined ? `"${person.email}"` : "";
    add(`${who} ${quotedName ? quotedName : (domain ?? "")} ${keywords}`);
    // The search engine over the subject's own site: a second opinion on which of its pages answers.
    if (domain) add(`site:${domain} ${who}`);
    if (domain && companyName) add(`${who} ${domain}`);
    // The address itself, as team and contact pages write it; only a company address, and only
    // when no full name is known: a private mailbox never goes to the search engine.
    const companyAddress = person?.email !== undefined && emailIsCompanyAddress(person.email, ownSites);
    if (companyAddress && !personName && personTerm) add(`"${person?.email}"`);
    // Without a site of the company's, the pages that name the person and the company matter most,
    // whether or not they use the question's words.
    if (!domain && quotedName && personTerm) add(`${who} ${quotedName}`);
  } else {
    const what = quotedName ?? domain ?? "";
    add(`${what} ${keywords}`);
    if (domain && keywords) add(`site:${domain} ${keywords}`);
    if (domain && companyName) add(`${domain} ${keywords}`);
    // Without a site of its own, the pages that name the company (its own site, a directory, a
    // list it appears in) come from the name alone: they seldom use the question's own words.
    if (!domain && companyName) add(what);
    // A question that calls the company by its initials ("NRAF") finds the pages that do too.
    const acronym = companyName ? acronymOf(companyName) : null;
    if (acronym && new RegExp(`\\b${acronym}\\b`, "i").test(request.question))
      add(`"${acronym}" ${questionKeywords(request.question, [...subjectTerms, acronym])}`);
  }
  return {
    queries: queries.slice(0, 3),
    ownSites,
    subjectTerms,
    // The subject's own name says nothing of what is asked: "Northwind Foundation" asks of no founding,
    // "Northwind Capital" of no funding.
    intents: questionIntents(withoutNames(request.question, [companyName, askedName, personTerm]), request.kind),
    person: identity,
    personName,
    companyName,
    notes,
  };
}
