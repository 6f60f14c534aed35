import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Where a case's answer can be read: a page and a phrase of its visible text. */
export interface CaseProof {
  /** Absolute URL of the page on the simulated web. */
  url: string;
  /** Exact phrase of the page's visible text (whitespace collapsed). */
  phrase: string;
}

/** A company as a case names it. */
export interface CaseCompany {
  name: string;
  website?: string;
}

/** One research case of `cases/research.jsonl`. */
export interface ResearchCase {
  /** Unique case id, e.g. `nw-soc2`. */
  id: string;
  kind: "company" | "person";
  request: {
    question: string;
    responseType: "TEXT" | "BOOL" | "NUMBER" | "DATE" | "URL" | "OPTION" | "OPTIONS";
    responseOptions?: string[];
    company?: CaseCompany;
    person?: { firstName: string; lastName: string; email?: string; company: CaseCompany };
  };
  /** Expected answer; both null when the web does not say. */
  expected: { answerText?: string | null; answerNumber?: number | null };
  /** Absent when the web does not say. */
  proof?: CaseProof;
}

/** The twelve fields of the enriched person, each a string or null. */
export interface ExpectedPerson {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  jobTitle: string | null;
  country: string | null;
  city: string | null;
  jobStartDate: string | null;
  companyName: string | null;
  companyWebsite: string | null;
  companyLinkedinUrl: string | null;
}

/** One enrichment case of `cases/enrichment.jsonl`. */
export interface EnrichmentCase {
  id: string;
  request: {
    question: string;
    person: { firstName: string; lastName: string; email?: string; company: CaseCompany };
  };
  expectedPerson: ExpectedPerson;
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
