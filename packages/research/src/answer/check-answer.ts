import type { NormalizedResearchRequest } from "@dossier/contract";
import * as z from "zod";
import type { ChatModel, ChatUsage } from "./chat-model.js";
import { generateStructured } from "./generate-structured.js";
import {
  evidenceSection,
  factsBlock,
  neutralize,
  type PassageLabels,
  UNTRUSTED_PASSAGES_RULE,
} from "./passage-block.js";

/** The system prompt of the check: fixed, first, so that local servers reuse its prompt cache. */
export const CHECK_SYSTEM_PROMPT = [
  "You check an answer someone gave to a question about a person or a company, against evidence passages.",
  "Use ONLY the passages in the user message.",
  UNTRUSTED_PASSAGES_RULE,
  "`supported`: true only when the passages themselves state the answer to this question about this subject;",
  "false when they do not say it, say something different or contradict it, or speak of someone or something else.",
  "`reason`: one sentence saying which passage states the answer, or what is wrong with it.",
  "Reply with one JSON object only.",
].join("\n");

const checkSchema = z.strictObject({ supported: z.boolean(), reason: z.string() });

/** The check's verdict. */
export type AnswerCheck = z.infer<typeof checkSchema>;

/** The check's user message: the question, the answer to check, then the passages it came from. */
export function buildCheckPrompt(
  request: NormalizedResearchRequest,
  answerText: string,
  labels: PassageLabels,
): string {
  return [
    `Question about a ${request.kind}: ${request.question}`,
    factsBlock(request.subject),
    `Answer to check (${request.responseType}): ${neutralize(answerText)}`,
    evidenceSection(labels, { title: false }),
  ].join("\n\n");
}

/**
 * The second model call of a `deep` run: a fresh reading of the passages that says whether they
 * state the answer the first call gave. It sees the answer, not the first call's reasoning, so a
 * passage that talked the first call into an answer must convince it again on its own.
 */
export async function checkAnswer(
  model: ChatModel,
  request: NormalizedResearchRequest,
  answerText: string,
  labels: PassageLabels,
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<{ check: AnswerCheck; usage: ChatUsage; calls: number }> {
  const result = await generateStructured(model, {
    messages: [
      { role: "system", content: CHECK_SYSTEM_PROMPT },
      { role: "user", content: buildCheckPrompt(request, answerText, labels) },
    ],
    schemaName: "answer_check",
    schema: checkSchema,
    signal: options.signal,
    background: options.background ?? false,
  });
  return { check: result.value, usage: result.usage, calls: result.calls };
}

/** The answer fields a check may withhold. */
interface CheckedAnswer {
  answerText: string | null;
  answerNumber: number | null;
  details: string;
  sources: string[];
  confidence: number;
}

/**
 * The answer after its check: kept when the check confirms it; otherwise withheld as "not enough
 * evidence". The check's own reason is model text written while reading untrusted pages, so it
 * is not repeated in `details`.
 */
export function applyCheck<Answer extends CheckedAnswer>(answer: Answer, check: AnswerCheck): Answer {
  if (check.supported || answer.answerText === null) return answer;
  return {
    ...answer,
    answerText: null,
    answerNumber: null,
    details: `Not enough evidence: a second reading of the passages did not confirm the answer ${JSON.stringify(answer.answerText)}, so none is given.`,
    sources: [],
    confidence: 0.05,
  };
}
