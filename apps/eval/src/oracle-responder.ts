import { type EnrichmentCase, type FakeChatResponder, parsePromptPassages, type ResearchCase } from "@dossier/testing";
import { passageWith } from "./case-result.js";
import { subjectName } from "./run-case-set.js";

function typedAnswer(testCase: ResearchCase): unknown {
  const { answerText, answerNumber } = testCase.expected;
  if (answerText === null || answerText === undefined) return answerNumber ?? null;
  switch (testCase.request.responseType) {
    case "BOOL":
      return answerText === "true";
    case "NUMBER":
      return answerNumber ?? Number(answerText.replace(/,/g, ""));
    case "OPTIONS":
      return JSON.parse(answerText);
    default:
      return answerText;
  }
}

function quoteOf(phrase: string): string {
  return phrase.split(/\s+/).slice(0, 30).join(" ");
}

/** The whole phrase as quotes of at most 30 words, as the prompt asks quotes to be. */
function quotesOf(phrase: string): string[] {
  const words = phrase.split(/\s+/);
  const quotes: string[] = [];
  for (let start = 0; start < words.length; start += 30) quotes.push(words.slice(start, start + 30).join(" "));
  return quotes.filter((quote) => quote.split(" ").length >= 3 || quotes.length === 1);
}

/**
 * A model that knows each case's answer but may only give it by citing the passage that proves
 * it: when the proving passage is not in the prompt it says the evidence is insufficient. With it,
 * the evaluation measures what Dossier controls: whether the evidence reaches the prompt, and
 * whether the returned sources are the pages that prove the answer.
 */
export function createOracleResponder(
  researchCases: readonly ResearchCase[],
  enrichmentCases: readonly EnrichmentCase[],
): FakeChatResponder {
  const byQuestion = new Map<string, Array<ResearchCase | EnrichmentCase>>();
  for (const testCase of [...researchCases, ...enrichmentCases]) {
    byQuestion.set(testCase.request.question, [...(byQuestion.get(testCase.request.question) ?? []), testCase]);
  }
  return (request) => {
    const prompt = request.messages.map((message) => message.content).join("\n");
    const question = /^Question about an? (?:person|company): (.*)$/m.exec(prompt)?.[1]?.trim() ?? "";
    const facts = /<facts>\n([\s\S]*?)\n<\/facts>/.exec(prompt)?.[1] ?? "";
    // Cases may share a question (namesakes at two companies); the subject's facts tell them apart.
    const testCase = (byQuestion.get(question) ?? []).find((candidate) =>
      facts.includes(JSON.stringify(subjectName(candidate)).slice(1, -1)),
    );
    const passages = parsePromptPassages(prompt);
    const reply: Record<string, unknown> = {
      answer: null,
      citations: [],
      explanation: "The passages do not say.",
      confidence: 0.2,
    };
    if (testCase && "expected" in testCase && testCase.proof) {
      const passage = passageWith(passages, testCase.proof.phrase);
      if (passage) {
        Object.assign(reply, {
          answer: typedAnswer(testCase),
          citations: quotesOf(testCase.proof.phrase).map((quote) => ({ passage: passage.id, quote })),
          explanation: `The page ${passage.url} states it.`,
          confidence: 0.9,
        });
      }
    }
    if (prompt.includes("Also fill `person`")) {
      const person: Record<string, unknown> = { jobTitle: null, city: null, country: null, jobStartDate: null };
      if (testCase && "expectedPerson" in testCase) {
        for (const field of ["jobTitle", "city", "country", "jobStartDate"] as const) {
          const proof = (testCase.proof as Partial<Record<string, { url: string; phrase: string }>>)[field];
          const value = testCase.expectedPerson[field];
          const passage = proof && value ? passageWith(passages, proof.phrase) : undefined;
          if (passage) person[field] = { value, passage: passage.id, quote: quoteOf(proof!.phrase) };
        }
        const title = person.jobTitle as { value: string; passage: string; quote: string } | null;
        if (title)
          Object.assign(reply, {
            answer: title.value,
            citations: [{ passage: title.passage, quote: title.quote }],
            confidence: 0.9,
          });
      }
      reply.person = person;
    }
    return { kind: "json", value: reply };
  };
}
