import { readFileSync } from "node:fs";
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

/** A person as a case names them. */
export interface CasePerson {
  /** Given name. */
  firstName: string;
  /** Family name. */
  lastName: string;
  /** Work e-mail, when the caller knows it. */
  email?: string;
  /** The person's company. */
  company: CaseCompany;
}

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
}

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
  proof: Partial<Record<"jobTitle" | "city" | "jobStartDate", CaseProof>>;
}

/**
 * The package's `cases/` folder. Resolved from this module's location, `src/web/` or `dist/web/`,
 * because the build copies only TypeScript output and the case files stay in the source tree.
 */
export const casesDirectory = fileURLToPath(new URL("../../cases/", import.meta.url));

function readJsonLines<T>(fileName: string): T[] {
  const text = readFileSync(`${casesDirectory}${fileName}`, "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

/** Reads `cases/research.jsonl`. */
export function loadResearchCases(): ResearchCase[] {
  return readJsonLines<ResearchCase>("research.jsonl");
}

/** Reads `cases/enrichment.jsonl`. */
export function loadEnrichmentCases(): EnrichmentCase[] {
  return readJsonLines<EnrichmentCase>("enrichment.jsonl");
}
