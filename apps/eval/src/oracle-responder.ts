import {
  type EnrichmentCase,
  type FakeChatRequest,
  type FakeChatResponder,
  type ListCase,
  type OutputSchemaCase,
  type PromptPassage,
  parsePromptPassages,
  provenFieldsReply,
  type ResearchCase,
} from "@dossier/testing";
import { passageWith, phraseInPassages, wordsOf } from "./case-result.js";
import { createListProofs } from "./list-oracle.js";
import { provenFieldsOf, sameValue } from "./object-case.js";
import { subjectName } from "./run-case-set.js";

type AnyCase = ResearchCase | EnrichmentCase | OutputSchemaCase;

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

/** Whether a prompt asks for the case's answer type with its options (an object case has neither). */
function askedAs(testCase: AnyCase, prompt: string): boolean {
  if (!("responseType" in testCase.request)) return true;
  const { responseType, responseOptions = [] } = testCase.request;
  const stated = /^Answer type: (\w+)\. (.*)$/m.exec(prompt);
  if (!stated) return true;
  const list = responseOptions.map((option) => JSON.stringify(option)).join(", ");
  return stated[1] === responseType && stated[2]!.includes(list);
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

/** Whether the answer a check is shown is the case's, and the passage that proves it is in the prompt. */
function confirms(
  testCase: ResearchCase | EnrichmentCase,
  checked: string,
  passages: readonly PromptPassage[],
): boolean {
  if ("expected" in testCase) {
    if (!testCase.proof || !phraseInPassages(passages, testCase.proof.phrase)) return false;
    const { answerText, answerNumber } = testCase.expected;
    if (testCase.request.responseType === "NUMBER")
      return answerNumber !== null && answerNumber !== undefined && Number(checked.replace(/,/g, "")) === answerNumber;
    return answerText !== null && answerText !== undefined && wordsOf(checked) === wordsOf(answerText);
  }
  const title = testCase.proof.jobTitle;
  const expected = testCase.expectedPerson.jobTitle;
  return !!title && !!expected && !!passageWith(passages, title.phrase) && wordsOf(checked) === wordsOf(expected);
}

/** The check of an answer object: each value is confirmed when the case expects it and its proof is in the prompt. */
function confirmFields(testCase: OutputSchemaCase, prompt: string, passages: readonly PromptPassage[]) {
  const fields: Record<string, boolean> = {};
  for (const match of prompt.matchAll(/^- `([^`]+)`: (.*)$/gm)) {
    const path = match[1]!;
    const expected = testCase.expectedFields[path.replace(/\[\d+\]$/, "")] ?? null;
    let value: unknown;
    try {
      value = JSON.parse(match[2]!);
    } catch {
      value = undefined;
    }
    fields[path] = (Array.isArray(expected) ? expected : expected ? [expected] : []).some(
      (item) => sameValue(item.value, value) && !!passageWith(passages, item.proof.phrase),
    );
  }
  return { fields };
}

/**
 * A model that knows each case's answer but may only give it by citing the passage that proves
 * it: when the proving passage is not in the prompt it says the evidence is insufficient. With it,
 * the evaluation measures what Dossier controls: whether the evidence reaches the prompt, and
 * whether the returned sources are the pages that prove the answer. It answers every call a run
 * makes: the typed answer, the answer in the caller's shape (each field cited by its own proof),
 * and `deep`'s checks of either, which confirm only the case's own answer. A list's verdict question
 * about a candidate of a list case's ground truth is answered `true` by citing the phrase that
 * proves the criterion of that candidate; any other candidate gets "the passages do not say".
 */
export function createOracleResponder(
  researchCases: readonly ResearchCase[],
  enrichmentCases: readonly EnrichmentCase[],
  objectCases: readonly OutputSchemaCase[] = [],
  listCases: readonly ListCase[] = [],
): FakeChatResponder {
  const listProof = createListProofs(listCases);
  const byQuestion = new Map<string, AnyCase[]>();
  for (const testCase of [...researchCases, ...enrichmentCases, ...objectCases]) {
    byQuestion.set(testCase.request.question, [...(byQuestion.get(testCase.request.question) ?? []), testCase]);
  }
  /**
   * The case a call is about: its question, the subject's facts to tell namesakes apart, and where
   * two sets ask the same of the same subject, the answer type and options the prompt states.
   */
  const caseOf = (prompt: string): AnyCase | undefined => {
    const question = /^Question about an? (?:person|company): (.*)$/m.exec(prompt)?.[1]?.trim() ?? "";
    const facts = /<facts>\n([\s\S]*?)\n<\/facts>/.exec(prompt)?.[1] ?? "";
    const namesakes = (byQuestion.get(question) ?? []).filter((candidate) =>
      facts.includes(JSON.stringify(subjectName(candidate)).slice(1, -1)),
    );
    return namesakes.find((candidate) => askedAs(candidate, prompt)) ?? namesakes[0];
  };
  return (request: FakeChatRequest) => {
    const prompt = request.messages.map((message) => message.content).join("\n");
    const testCase = caseOf(prompt);
    const passages = parsePromptPassages(prompt);
    const objectCase = testCase && "expectedFields" in testCase ? testCase : undefined;
    const typedCase = testCase && !("expectedFields" in testCase) ? testCase : undefined;
    if (request.schemaName === "research_object")
      return { kind: "json", value: provenFieldsReply(request, objectCase ? provenFieldsOf(objectCase) : {}) };
    if (request.schemaName === "object_check")
      return { kind: "json", value: objectCase ? confirmFields(objectCase, prompt, passages) : { fields: {} } };
    const question = /^Question about an? (?:person|company): (.*)$/m.exec(prompt)?.[1]?.trim() ?? "";
    const verdictProof = testCase ? null : listProof(question);
    const verdictPassage = verdictProof ? passageWith(passages, verdictProof.phrase) : undefined;
    if (request.schemaName === "answer_check") {
      const checked = /^Answer to check \(\w+\): (.*)$/m.exec(prompt)?.[1] ?? "";
      const supported = typedCase ? confirms(typedCase, checked, passages) : !!verdictPassage && checked === "true";
      return {
        kind: "json",
        value: { supported, reason: supported ? "The proving passage states it." : "No passage states it." },
      };
    }
    const reply: Record<string, unknown> = {
      answer: null,
      citations: [],
      explanation: "The passages do not say.",
      confidence: 0.2,
    };
    if (typedCase && "expected" in typedCase && typedCase.proof) {
      // The proof, whole in one passage or in pieces over the passages of its page, each piece cited where it stands.
      const pieces = phraseInPassages(passages, typedCase.proof.phrase);
      if (pieces) {
        Object.assign(reply, {
          answer: typedAnswer(typedCase),
          citations: pieces.flatMap((piece) =>
            quotesOf(piece.quote).map((quote) => ({ passage: piece.passage.id, quote })),
          ),
          explanation: `The page ${pieces[0]!.passage.url} states it.`,
          confidence: 0.9,
        });
      }
    }
    if (verdictProof && verdictPassage) {
      Object.assign(reply, {
        answer: true,
        citations: quotesOf(verdictProof.phrase).map((quote) => ({ passage: verdictPassage.id, quote })),
        explanation: `The page ${verdictPassage.url} states it.`,
        confidence: 0.9,
      });
    }
    if (prompt.includes("Also fill `person`")) {
      const person: Record<string, unknown> = { jobTitle: null, city: null, country: null, jobStartDate: null };
      // An enrichment case's record is the model's to fill from the proofs; a typed question's
      // record is left to what the pipeline reads from the evidence, as a model asked something
      // else leaves it.
      if (typedCase && "expectedPerson" in typedCase && !("expected" in typedCase)) {
        for (const field of ["jobTitle", "city", "country", "jobStartDate"] as const) {
          const proof = (typedCase.proof as Partial<Record<string, { url: string; phrase: string }>>)[field];
          const value = typedCase.expectedPerson[field];
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
