import type { AnswerValue } from "@dossier/contract";
import { validateResearchRequest } from "@dossier/contract";
import { planResearch, statesAnswer } from "@dossier/research";
import type { ResearchBody, ResearchCase } from "@dossier/testing";

/** The typed answer a response carries, as the model gave it. */
function answerValue(testCase: ResearchCase, body: ResearchBody): AnswerValue {
  switch (testCase.request.responseType) {
    case "BOOL":
      return body.answerNumber === 1;
    case "NUMBER":
      return body.answerNumber;
    case "OPTIONS":
      return body.answerText ? (JSON.parse(body.answerText) as string[]) : null;
    default:
      return body.answerText;
  }
}

/**
 * Whether the response's answer is stated by its returned quotes, by the rule verification
 * applies (the number, date, option or statement is in a quote): the check that no answer reaches
 * a caller without a quote that says it.
 */
export function statedByCitations(testCase: ResearchCase, body: ResearchBody): boolean {
  const validation = validateResearchRequest(testCase.kind, testCase.request);
  const subjectTerms = validation.ok ? planResearch(validation.request).subjectTerms : [];
  return statesAnswer(
    {
      type: testCase.request.responseType,
      value: answerValue(testCase, body),
      question: testCase.request.question,
      options: testCase.request.responseOptions ?? [],
      subjectTerms,
    },
    body.citations.map((citation) => ({ quote: citation.quote, url: citation.url })),
  ).stated;
}
