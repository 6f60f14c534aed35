import { exampleFromSchema } from "./example-from-schema.js";
import { type PromptPassage, parsePromptPassages } from "./prompt-passages.js";
import type { FakeChatResponder } from "./start-fake-chat-server.js";

/** An answer the fake gives, with the passage and the words of it that state the answer. */
interface StatedPick {
  answer: unknown;
  passage: PromptPassage;
  quote: string;
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Up to `count` words of the passage around word `index`, as a quote. */
function around(passage: PromptPassage, index: number, count = 10): string {
  const all = words(passage.text);
  const start = Math.max(0, Math.min(index - 3, all.length - count));
  return all.slice(start, start + count).join(" ");
}

function findWord(passages: readonly PromptPassage[], test: (word: string) => string | null): StatedPick | null {
  for (const passage of passages) {
    const all = words(passage.text);
    for (const [index, word] of all.entries()) {
      const value = test(word);
      if (value !== null) return { answer: value, passage, quote: around(passage, index) };
    }
  }
  return null;
}

const QUESTION_NOISE = new Set(
  "a an the is are was were does do did has have what which who when where how of in on for to it its this that company".split(
    " ",
  ),
);

/** Words a page uses for a question's verb. */
const SAID_AS: Record<string, string[]> = {
  make: ["builds", "develops", "produces", "sells"],
  build: ["makes", "develops"],
};

/** Picks, from the passages shown, an answer of the asked type and the quote that states it; null when none fits. */
function pick(
  type: string,
  passages: readonly PromptPassage[],
  options: readonly string[],
  question: string,
): StatedPick | null {
  const first = passages[0];
  if (!first) return null;
  switch (type) {
    case "TEXT": {
      // The first sentence that speaks of what is asked, as the answer and its quote.
      const asked = question
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 2 && !QUESTION_NOISE.has(word))
        .flatMap((word) => [word, ...(SAID_AS[word] ?? [])]);
      for (const passage of passages) {
        for (const sentence of passage.text.split(/(?<=[.!?])\s+|\n+/)) {
          const lower = sentence.toLowerCase();
          if (sentence.includes(" | ") || words(sentence).length < 4 || words(sentence).length > 25) continue;
          if (asked.some((word) => lower.includes(word.slice(0, Math.max(4, word.length - 1)))))
            return { answer: sentence.trim(), passage, quote: sentence.trim() };
        }
      }
      const opening = words(first.text).slice(0, 4).join(" ");
      return { answer: opening, passage: first, quote: around(first, 0) };
    }
    case "NUMBER": {
      const found = findWord(passages, (word) =>
        /^\d+$/.test(word.replace(/[,.;:)]$/, "")) ? word.replace(/[,.;:)]$/, "") : null,
      );
      return found ? { ...found, answer: Number(found.answer) } : null;
    }
    case "DATE":
      return findWord(passages, (word) => /^(1[89]\d\d|20\d\d)[,.;:)]?$/.exec(word)?.[1] ?? null);
    case "URL":
      return { answer: first.url, passage: first, quote: around(first, 0, 6) };
    case "BOOL": {
      // A bracketed aside in the question is the asker's note, not what is asked.
      const asked = question
        .replace(/\([^)]*\)/g, " ")
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 1 && !QUESTION_NOISE.has(word));
      for (const passage of passages) {
        const sentences = passage.text.split(/(?<=[.!?])\s+/);
        const sentence = sentences.find((candidate) => {
          const lower = candidate.toLowerCase();
          return (
            asked.filter((word) => lower.includes(word)).length >= Math.ceil(asked.length * 0.6) &&
            !/\bnot?\b/.test(lower)
          );
        });
        if (sentence) return { answer: true, passage, quote: words(sentence).slice(0, 25).join(" ") };
      }
      return null;
    }
    case "OPTION":
    case "OPTIONS": {
      for (const option of options) {
        const found = findWord(passages, (word) =>
          word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "") === option.toLowerCase() ? option : null,
        );
        if (found) return type === "OPTION" ? found : { ...found, answer: [option] };
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * Answers like a careful model that finds something in the evidence: a value of the asked type
 * taken from the passages shown (for TEXT the first sentence that speaks of what is asked, the first number, year,
 * its URL, an option named in a passage, "true" when a sentence says what the question asks),
 * cited with the words that state it, so that verification keeps it. When nothing fits it says
 * the evidence does not tell. For tests of the gateway, the queue and the response's shape.
 */
export const statedAnswerResponder: FakeChatResponder = (request) => {
  const value = (request.jsonSchema ? exampleFromSchema(request.jsonSchema) : {}) as Record<string, unknown>;
  // Other calls (a check of an answer) get a valid instance of their schema.
  if (!("citations" in value)) return { kind: "json", value };
  const prompt = request.messages.map((message) => message.content).join("\n");
  const type = /^Answer type: (\w+)/m.exec(prompt)?.[1] ?? "TEXT";
  const question = /^Question about an? (?:person|company): (.*)$/m.exec(prompt)?.[1] ?? "";
  const answerSchema = ((request.jsonSchema?.properties ?? {}) as Record<string, Record<string, unknown>>).answer ?? {};
  const options =
    JSON.stringify(answerSchema)
      .match(/"enum":\[([^\]]*)\]/)?.[1]
      ?.match(/"([^"]*)"/g)
      ?.map((item) => item.slice(1, -1)) ?? [];
  const chosen = pick(type, parsePromptPassages(prompt), options, question);
  value.answer = chosen?.answer ?? null;
  value.citations = chosen ? [{ passage: chosen.passage.id, quote: chosen.quote }] : [];
  value.explanation = chosen ? `The page states: ${chosen.quote}` : "The passages do not say.";
  value.confidence = chosen ? 0.8 : 0.2;
  if (value.person && typeof value.person === "object") {
    for (const key of Object.keys(value.person)) (value.person as Record<string, unknown>)[key] = null;
  }
  return { kind: "json", value };
};
