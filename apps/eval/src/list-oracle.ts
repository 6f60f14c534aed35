import { criterionQuestion, deriveCriteria } from "@dossier/research";
import type { CaseProof, ExpectedListEntity, ListCase } from "@dossier/testing";
import { wordsOf } from "./case-result.js";

/** A case's criteria: its own, or those the list derives from its objective (the proofs name their ids). */
export function criteriaOf(testCase: ListCase): Array<{ id: string; description: string }> {
  return testCase.request.criteria ?? deriveCriteria(testCase.request.objective, testCase.request.entityType);
}

/** Whether a list item's name is an expected entity's: its name or an alias, case, accents and punctuation aside. */
export function namesEntity(name: string, entity: ExpectedListEntity): boolean {
  const given = wordsOf(name);
  return given !== "" && [entity.name, ...(entity.aliases ?? [])].some((known) => wordsOf(known) === given);
}

/** One criterion question a list asks of its candidates: the words before and after the candidate's name. */
interface QuestionShape {
  before: string;
  after: string;
  criterionId: string;
  testCase: ListCase;
}

/**
 * What the oracle knows of list cases: for a verdict question ("Is Acme a member of X?"), the proof
 * that states the criterion of that candidate, when the candidate is an expected entity. A candidate
 * the ground truth does not hold has no proof: the oracle then says the passages do not tell.
 */
export function createListProofs(cases: readonly ListCase[]): (question: string) => CaseProof | null {
  const shapes: QuestionShape[] = cases.flatMap((testCase) =>
    criteriaOf(testCase).map((criterion) => {
      const [before = "", after = ""] = criterionQuestion("\u0000", criterion.description).split("\u0000");
      return { before, after, criterionId: criterion.id, testCase };
    }),
  );
  return (question) => {
    for (const shape of shapes) {
      if (!question.startsWith(shape.before) || !question.endsWith(shape.after)) continue;
      const name = question.slice(shape.before.length, question.length - shape.after.length);
      const entity = shape.testCase.expected.find((expected) => namesEntity(name, expected));
      const proof = entity?.proofs[shape.criterionId];
      if (proof) return proof;
    }
    return null;
  };
}
