import { validateResearchRequest } from "@dossier/contract";
import { startFakeChatServer } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import { OpenAiCompatibleChatModel } from "./answer/openai-compatible-chat-model.js";
import type { PageFetcher } from "./gather/fetch/page-fetcher.js";
import { countTokens } from "./rank/count-tokens.js";
import { createResearcher } from "./research.js";

/** A long home page whose every paragraph is about uptime and full of angle brackets, which the prompt rewrites. */
function longPage(): string {
  const paragraphs = Array.from(
    { length: 80 },
    (_, index) =>
      `<p>Region ${index}: Acme uptime was &gt; 99.9% and p99 latency &lt; ${index + 5} ms; ` +
      `alerts fire when error rate &gt; 0.1% or queue depth &gt; ${index * 10} &lt;&lt;&gt;&gt; for five minutes, ` +
      `and the on-call engineer answers within fifteen minutes on every day of the year.</p>`,
  );
  return `<html><head><title>Acme &lt;status&gt;</title></head><body><main><h1>Acme uptime</h1>${paragraphs.join("")}</main></body></html>`;
}

const fetcher: PageFetcher = {
  id: "pages-in-memory",
  async fetch(url) {
    if (url !== "https://acme.example/") throw new Error(`no page at ${url}`);
    return {
      url,
      requestedUrl: url,
      status: 200,
      contentType: "text/html",
      text: longPage(),
      fetchedAt: new Date().toISOString(),
      fromCache: false,
    };
  },
};

describe("createResearcher's prompt budget", () => {
  it.each([1_200, 2_500])(
    "fills a %i-token budget with passages and never goes past it, angle brackets and all",
    async (budget) => {
      const server = await startFakeChatServer();
      try {
        const model = new OpenAiCompatibleChatModel({
          baseUrl: server.url,
          model: "m",
          timeoutMs: 5_000,
          maxRetries: 0,
        });
        const research = createResearcher({ model, fetcher, search: null, promptTokenBudget: budget });
        const validation = validateResearchRequest("company", {
          question: "What uptime does Acme report per region?",
          company: { name: "Acme", website: "https://acme.example" },
        });
        if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
        await research(validation.request);
        const request = server.requests.at(-1)!;
        const promptTokens = request.messages.reduce((sum, message) => sum + countTokens(String(message.content)), 0);
        const passages = (String(request.messages.at(-1)!.content).match(/<passage /g) ?? []).length;
        // 200 tokens stay free for the chat formatting around the messages.
        expect(promptTokens).toBeLessThanOrEqual(budget - 200);
        expect(promptTokens).toBeGreaterThan((budget - 200) * 0.8);
        expect(passages).toBeGreaterThan(1);
      } finally {
        await server.close();
      }
    },
  );
});
