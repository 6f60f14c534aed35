import { inject } from "vitest";
import { startFakeChatServer, startStack, type FakeChatServer, type Stack, type StackOptions } from "@dossier/testing";

export const API_KEY = "test-key-0123456789abcdef";

export interface Harness {
  stack: Stack;
  model: FakeChatServer;
  /** POSTs JSON (or raw text) with the test key unless headers say otherwise. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

export async function startHarness(options: StackOptions & { modelLatencyMs?: number } = {}): Promise<Harness> {
  const model = await startFakeChatServer({ latencyMs: options.modelLatencyMs ?? 0 });
  const stack = await startStack({
    ...options,
    redisUrl: options.redisUrl ?? inject("redisUrl"),
    env: { OPENAI_BASE_URL: model.url, API_KEYS: API_KEY, ...options.env },
  });
  return {
    stack,
    model,
    post: (path, body, headers = {}) =>
      fetch(`${stack.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": API_KEY, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async stop() {
      await stack.stop();
      await model.close();
    },
  };
}

export const company = { name: "Northwind Robotics", website: "https://northwind-robotics.test" };

/** A request unique to the calling test, so that no stored result answers it. */
export function companyRequest(question: string, extra: Record<string, unknown> = {}) {
  return { question, company, ...extra };
}

export async function problemOf(response: Response): Promise<Record<string, any>> {
  return (await response.json()) as Record<string, any>;
}
