import { findPassageWith } from "./prompt-passages.js";
import type { FakeChatRequest, FakeChatResponder } from "./start-fake-chat-server.js";

/**
 * A model that answers every research call with `answer`, citing the passage that holds `phrase`
 * and quoting the phrase; with no such passage in the prompt it cites nothing, and verification
 * withholds the answer.
 */
export function citingResponder(
  answer: unknown,
  phrase: string,
  extra: Record<string, unknown> = {},
): FakeChatResponder {
  return (request: FakeChatRequest) => {
    const prompt = request.messages.map((message) => message.content).join("\n");
    const passage = findPassageWith(prompt, phrase);
    return {
      kind: "json",
      value: {
        answer,
        citations: passage ? [{ passage: passage.id, quote: phrase }] : [],
        explanation: "Stated on the page.",
        confidence: 0.9,
        ...extra,
      },
    };
  };
}
