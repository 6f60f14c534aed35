import type { NormalizedResearchRequest } from "@dossier/contract";
import { answerInstruction } from "./answer-schema.js";
import {
  evidenceSection,
  factsBlock,
  neutralize,
  type PassageLabels,
  UNTRUSTED_PASSAGES_RULE,
} from "./passage-block.js";

export const EVIDENCE_SYSTEM_PROMPT = [
  "You are a careful research analyst. You answer one question about a person or a company.",
  "Use ONLY the evidence passages in the user message. Do not use your own memory of the world, and do not guess.",
  UNTRUSTED_PASSAGES_RULE,
  "The caller's facts and context describe the subject; they are not evidence for the answer.",
  "For every claim give a citation: the passage id (like P3) and a quote copied exactly, word for word, from that passage",
  "(3 to 30 words). Never cite a passage that does not state the claim.",
  "If the passages do not answer the question, set `answer` to null and `citations` to [].",
  "Prefer the subject's own website over other sites, and newer statements over older ones.",
  "`explanation`: one or two sentences saying what the evidence shows.",
  "`confidence`: the probability from 0 to 1 that your answer is right.",
  "Reply with one JSON object only.",
].join("\n");

export { labelPassages, type PassageLabels } from "./passage-block.js";

export const PERSON_FIELDS_INSTRUCTION =
  "Also fill `person` with what the passages state about this exact person at this company (not a namesake elsewhere): " +
  "their current `jobTitle`, the `city` and `country` they work in, and `jobStartDate` (when they started their current role, " +
  "as written in the passage). Each is { value, passage, quote } with a verbatim quote, or null when no passage states it.";

/** The user message: question, answer format, the caller's facts, then the numbered passages. */
export function buildEvidencePrompt(request: NormalizedResearchRequest, labels: PassageLabels): string {
  return [
    `Question about a ${request.kind}: ${request.question}`,
    `Answer type: ${request.responseType}. ${answerInstruction(request.responseType, request.responseOptions)}`,
    factsBlock(request.subject),
    request.context ? `<context>\n${neutralize(request.context)}\n</context>` : "",
    request.kind === "person" ? PERSON_FIELDS_INSTRUCTION : "",
    evidenceSection(labels),
  ]
    .filter(Boolean)
    .join("\n\n");
}
