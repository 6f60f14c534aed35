import type {
  BatchResultLine,
  BatchStatus,
  CompanyResearchResponse,
  EnrichedPerson,
  JobStatus,
} from "@dossier/contract";

/** A research response as the gateway writes it: a company's, or a person's with `person`. */
export type ResearchBody = CompanyResearchResponse & { person?: EnrichedPerson };

/** The body of a research response (200), typed; the tests check what it holds. */
export async function researchBodyOf(response: Response): Promise<ResearchBody> {
  return (await response.json()) as ResearchBody;
}

/** The body of `GET /v1/jobs/{id}`. */
export async function jobBodyOf(response: Response): Promise<JobStatus> {
  return (await response.json()) as JobStatus;
}

/** The body of `GET /v1/batches/{id}`. */
export async function batchBodyOf(response: Response): Promise<BatchStatus> {
  return (await response.json()) as BatchStatus;
}

/** The lines of an NDJSON results body. */
export async function resultLinesOf(response: Response): Promise<BatchResultLine[]> {
  return (await response.text())
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BatchResultLine);
}
