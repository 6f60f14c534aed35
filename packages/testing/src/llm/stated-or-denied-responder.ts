import { parsePromptPassages } from "./prompt-passages.js";
import type { FakeChatResponder } from "./start-fake-chat-server.js";
import { statedAnswerResponder } from "./stated-answer-responder.js";

const QUESTION_NOISE = new Set(
  "a an the is are was were does do did has have what which who when where how of in on for to it its this that company".split(
    " ",
  ),
);

/**
 * The stated-answer fake ({@link statedAnswerResponder}) with a better reader of yes-or-no
 * questions, which also says no: it takes the sentence (or line) of the passages that holds most of
 * the question's words, at least 60% of them, and answers `true` quoting it, or `false` when that
 * sentence says "not" ("Birchwind Carbon is not hiring engineers this year."). When no sentence
 * holds enough of them, the evidence does not say. Other questions are the stated-answer fake's.
 * For the tests of lists, whose items are matched or unmatched only on such quotes.
 */
export const statedOrDeniedResponder: FakeChatResponder = async (request) => {
  const reply = await statedAnswerResponder(request);
  if (reply.kind !== "json") return reply;
  const value = reply.value as Record<string, unknown>;
  const prompt = request.messages.map((message) => message.content).join("\n");
  if (!("citations" in value) || /^Answer type: (\w+)/m.exec(prompt)?.[1] !== "BOOL") return reply;
  const question = /^Question about an? (?:person|company): (.*)$/m.exec(prompt)?.[1] ?? "";
  const asked = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !QUESTION_NOISE.has(word));
  let best: { passage: string; sentence: string; shared: number } | null = null;
  for (const passage of parsePromptPassages(prompt)) {
    for (const sentence of passage.text.split(/(?<=[.!?])\s+|\n+/)) {
      const lower = sentence.toLowerCase();
      const shared = asked.filter((word) => new RegExp(`\\b${word}\\b`, "u").test(lower)).length;
      if (shared >= Math.ceil(asked.length * 0.6) && (!best || shared > best.shared))
        best = { passage: passage.id, sentence, shared };
    }
  }
  if (!best) {
    value.answer = null;
    value.citations = [];
    value.explanation = "The passages do not say.";
    value.confidence = 0.2;
    return reply;
  }
  const quote = best.sentence.split(/\s+/).filter(Boolean).slice(0, 25).join(" ");
  value.answer = !/\bnot\b/i.test(best.sentence);
  value.citations = [{ passage: best.passage, quote }];
  value.explanation = `The page states: ${quote}`;
  value.confidence = 0.8;
  return reply;
};
