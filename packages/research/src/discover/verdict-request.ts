import type { Company, Effort, Person } from "@dossier/contract";
import type { Candidate } from "./candidate-pool.js";
import { criterionQuestion } from "./criterion-question.js";
import type { Criterion } from "./derive-criteria.js";

/** A research request body, as `POST /v1/research/{kind}` takes it. */
export interface CandidateResearchRequest {
  kind: "company" | "person";
  body: {
    question: string;
    responseType?: "BOOL";
    effort?: Effort;
    outputSchema?: Record<string, unknown>;
    company?: Company;
    person?: Person;
  };
}

function subjectOf(candidate: Candidate): Pick<CandidateResearchRequest["body"], "company" | "person"> {
  return candidate.person ? { person: candidate.person } : { company: candidate.company ?? { name: candidate.name } };
}

/**
 * The research request that checks one criterion of one candidate: a yes-or-no question about the
 * candidate as found (its name, website, profile; a person with their company), at the list's effort.
 * Identical requests of one key share one research run, so a candidate found by two lists is
 * researched once while its result is kept.
 */
export function verdictRequest(candidate: Candidate, criterion: Criterion, effort: Effort): CandidateResearchRequest {
  return {
    kind: candidate.person ? "person" : "company",
    body: {
      question: criterionQuestion(candidate.name, criterion.description),
      responseType: "BOOL",
      ...(effort !== "standard" ? { effort } : {}),
      ...subjectOf(candidate),
    },
  };
}

/** The research request that fills a matched candidate's `outputSchema` fields. */
export function enrichmentRequest(
  candidate: Candidate,
  outputSchema: Record<string, unknown>,
  effort: Effort,
): CandidateResearchRequest {
  return {
    kind: candidate.person ? "person" : "company",
    body: {
      question: `What are these facts about ${candidate.name}?`,
      outputSchema,
      ...(effort !== "standard" ? { effort } : {}),
      ...subjectOf(candidate),
    },
  };
}
