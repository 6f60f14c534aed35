import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { EnrichedPerson } from "@dossier/contract";

/** Where a case's answer can be read: a page and a phrase of its visible text. */
export interface CaseProof {
  /** Absolute URL of the page on the simulated web. */
  url: string;
  /** Exact phrase of the page's visible text (whitespace collapsed). */
  phrase: string;
}

/** A company as a case names it. */
export interface CaseCompany {
  /** Company name as a caller would give it. */
  name: string;
  /** Canonical website, `https://<host>`. */
  website?: string;
}

/** A person as a case names them: a full name, a first name with the company's website, or an e-mail. */
export interface CasePerson {
  /** Given name. */
  firstName?: string;
  /** Family name; absent when the caller knows only the first name. */
  lastName?: string;
  /** Work e-mail, when the caller knows it. */
  email?: string;
  /** Job title, when the caller knows it. */
  title?: string;
  /** The person's company. */
  company?: CaseCompany;
}

/** What kind of page holds a real-web case's answer, for recall per kind of page. */
export type CasePageKind =
  | "about"
  | "team"
  | "directory"
  | "table"
  | "pricing"
  | "security"
  | "legal"
  | "careers"
  | "contact"
  | "press"
  | "blog"
  | "docs"
  | "handbook"
  | "home"
  | "none";

/** How a crawler that starts at the company's website reaches the answering page. */
export type CaseReach = "nav" | "footer" | "sitemap" | "deep" | "offsite" | "none";

/** One research case of `cases/research.jsonl`. */
export interface ResearchCase {
  /** Unique case id, e.g. `nw-soc2`. */
  id: string;
  /** Which operation the case calls: company or person research. */
  kind: "company" | "person";
  /** The research request body, as the API takes it. */
  request: {
    question: string;
    responseType: "TEXT" | "BOOL" | "NUMBER" | "DATE" | "URL" | "OPTION" | "OPTIONS";
    responseOptions?: string[];
    company?: CaseCompany;
    person?: CasePerson;
  };
  /**
   * Expected answer; both null when the web does not say. BOOL: "true"/"false" with 1/0; NUMBER:
   * answerNumber; DATE: YYYY, YYYY-MM or YYYY-MM-DD; URL: absolute; OPTION: one option verbatim;
   * OPTIONS: a JSON array string of the chosen options in the order of responseOptions.
   */
  expected: { answerText?: string | null; answerNumber?: number | null };
  /** Absent when the web does not say. */
  proof?: CaseProof;
  /** Real-web cases: the kind of page that answers. */
  pageKind?: CasePageKind;
  /** Real-web cases: how the answering page is reached from the company's website. */
  reach?: CaseReach;
  /** Real-web person cases: how the caller identifies the person. */
  identity?: "full-name" | "first-name" | "email";
  /**
   * Person cases: the enriched record the answer should carry, whatever the question asks (the
   * fields the pages state; null where no page states one).
   */
  expectedPerson?: ExpectedPerson;
  /** Where a page states each field of `expectedPerson` that comes from evidence or a page's link. */
  personProof?: PersonFieldProofs;
  /** Other values pages state for a field that count as right too (a title written two ways on two pages). */
  alsoRight?: Partial<Record<PersonProofField, string[]>>;
  /** Cases of a set over both folders of saved sites (the held-out set): the folder whose web the case runs on. */
  world?: RealwebWorldName;
}

/** The fields of the person record that come from what a page states. */
export type PersonProofField = "jobTitle" | "city" | "country" | "jobStartDate" | "linkedinUrl";

/** Where a page states a field of the person record. */
export interface PersonFieldProof extends CaseProof {
  /**
   * The phrase is the person's own card or row: their name with the title or place beside or
   * under it ("Jane Doe — Head of Research | Leeds, UK", a table's row), not a sentence.
   */
  card?: boolean;
}

/** Per field of the person record, the page and phrase that state it. */
export type PersonFieldProofs = Partial<Record<PersonProofField, PersonFieldProof>>;

/** The two folders of saved real sites: `../shared/realweb` and `../shared/realweb2`. */
export type RealwebWorldName = "realweb" | "realweb2";

/** The enriched person a case expects: the API's own record type (canonical forms in docs/api.md). */
export type ExpectedPerson = EnrichedPerson;

/** One enrichment case of `cases/enrichment.jsonl`. */
export interface EnrichmentCase {
  /** Unique case id, e.g. `e-sarah-chen-northwind`. */
  id: string;
  /** The person research request body. */
  request: { question: string; person: CasePerson };
  /** The enriched person the service should return; jobStartDate is the start of the current title. */
  expectedPerson: ExpectedPerson;
  /** Where the title, city and start date can be read, for the fields the web states. */
  proof: Partial<Record<"jobTitle" | "city" | "jobStartDate", PersonFieldProof>>;
}

/** A value one field of an answer object should hold, and where a page states it. */
export interface ExpectedField {
  /** A scalar, or for an item of a list of objects, the item's members. */
  value: unknown;
  proof: CaseProof;
}

/** One case of `cases/output-schema.jsonl`: a question answered in the caller's shape. */
export interface OutputSchemaCase {
  /** Unique case id, e.g. `os-nw-profile`. */
  id: string;
  kind: "company" | "person";
  /** The research request body, with its `outputSchema`. */
  request: { question: string; company?: CaseCompany; person?: CasePerson; outputSchema: Record<string, unknown> };
  /**
   * What each field of the schema should hold, by path (`hq`, `headquarters.city`, `funding`): a
   * value with its proof, a list of them (one per item, in order), or null when the web does not say.
   */
  expectedFields: Record<string, ExpectedField | ExpectedField[] | null>;
}

/**
 * The package's `cases/` folder. Resolved from this module's location, `src/web/` or `dist/web/`,
 * because the build copies only TypeScript output and the case files stay in the source tree.
 */
export const casesDirectory = fileURLToPath(new URL("../../cases/", import.meta.url));

function readJsonLines<T>(fileName: string, absolute = false): T[] {
  const text = readFileSync(absolute ? fileName : `${casesDirectory}${fileName}`, "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

/** Reads `cases/research.jsonl`: questions over the simulated web's fixture sites. */
export function loadResearchCases(): ResearchCase[] {
  return readJsonLines<ResearchCase>("research.jsonl");
}

/** Reads case files, absolute paths or names inside `cases/`, in the order given. */
function readCaseFiles(names: readonly string[]): ResearchCase[] {
  return names.flatMap((name) =>
    readJsonLines<ResearchCase>(name.startsWith("/") ? name : `${casesDirectory}${name}`, true),
  );
}

/** The names of the files in `cases/` that match, sorted. */
function caseFilesMatching(pattern: RegExp): string[] {
  return readdirSync(casesDirectory)
    .filter((name) => pattern.test(name))
    .sort();
}

/**
 * Reads real-web cases: questions over saved real sites (`../shared/realweb`). By default
 * `cases/realweb.jsonl` and every `cases/realweb-*.jsonl` (not realweb2's files, nor the held-out
 * set's); `files` names others (absolute paths, or names inside `cases/`).
 */
export function loadRealwebCases(files?: readonly string[]): ResearchCase[] {
  return readCaseFiles(files ?? caseFilesMatching(/^realweb(-(?!heldout).*)?\.jsonl$/));
}

/**
 * Reads the held-out real-web set, `cases/realweb-heldout*.jsonl`: questions over the sites of both
 * folders, written from the pages alone (not from the pipeline nor the other sets' questions), each
 * naming the folder it runs on. None when no such file exists.
 */
export function loadRealwebHeldoutCases(files?: readonly string[]): ResearchCase[] {
  return readCaseFiles(files ?? caseFilesMatching(/^realweb-heldout.*\.jsonl$/));
}

/**
 * Reads the second real-web set's cases: questions over `../shared/realweb2`. By default every
 * `cases/realweb2*.jsonl`; `files` names others. None when no such file exists yet.
 */
export function loadRealweb2Cases(files?: readonly string[]): ResearchCase[] {
  return readCaseFiles(files ?? caseFilesMatching(/^realweb2.*\.jsonl$/));
}

/** Reads `cases/enrichment.jsonl`. */
export function loadEnrichmentCases(): EnrichmentCase[] {
  return readJsonLines<EnrichmentCase>("enrichment.jsonl");
}

/** Reads `cases/output-schema.jsonl`: questions over the fixture sites answered in the caller's shape. */
export function loadOutputSchemaCases(): OutputSchemaCase[] {
  return readJsonLines<OutputSchemaCase>("output-schema.jsonl");
}

/** One entity a list case expects to be matched, and where each criterion is proven of it. */
export interface ExpectedListEntity {
  /** The entity's name as its page writes it (a person's full name). */
  name: string;
  /** Other spellings a list item may carry (apostrophes, legal forms left out, ...). */
  aliases?: string[];
  /** Per criterion id: the page and the phrase that state the criterion of this entity. */
  proofs: Record<string, CaseProof>;
}

/** What a list case shows: a list from one long page, one spread over several sites, people, or nothing. */
export type ListCaseShape = "directory" | "multi-site" | "people" | "none";

/** One case of `cases/lists-<set>.jsonl`: a find-all list and its full ground truth. */
export interface ListCase {
  /** Unique case id, e.g. `l-fx-nordic-hiring`. */
  id: string;
  shape: ListCaseShape;
  /** The list request body, as `POST /v1/lists` takes it. */
  request: {
    objective: string;
    entityType: "company" | "person";
    /** Absent: the list derives them (the proofs then name the derived ids, `c1`, `c2`, ...). */
    criteria?: Array<{ id: string; description: string }>;
    limit?: number;
    effort?: "lite" | "standard" | "deep";
  };
  /** Every entity on the world's pages that meets every criterion; empty when none does. */
  expected: ExpectedListEntity[];
}

/** Reads a world's list cases, `cases/lists-<set>.jsonl` (none when the file is absent). */
export function loadListCases(set: "fixture" | "realweb" | "realweb2"): ListCase[] {
  const name = `lists-${set}.jsonl`;
  return readdirSync(casesDirectory).includes(name) ? readJsonLines<ListCase>(name) : [];
}
