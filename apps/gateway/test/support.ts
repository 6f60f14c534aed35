import {
  type FakeChatServer,
  type ResearchWorld,
  type Stack,
  type StackOptions,
  startResearchWorld,
  startStack,
} from "@dossier/testing";
import { inject } from "vitest";

export const API_KEY = "test-key-0123456789abcdef";

export interface Harness {
  stack: Stack;
  model: FakeChatServer;
  world: ResearchWorld;
  /** POSTs JSON (or raw text) with the test key unless headers say otherwise. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

export async function startHarness(options: StackOptions & { modelLatencyMs?: number } = {}): Promise<Harness> {
  const world = await startResearchWorld({ modelLatencyMs: options.modelLatencyMs ?? 0 });
  const model = world.model;
  const stack = await startStack({
    ...options,
    redisUrl: options.redisUrl ?? inject("redisUrl"),
    env: { ...world.env, API_KEYS: API_KEY, ...options.env },
  });
  return {
    stack,
    model,
    world,
    post: (path, body, headers = {}) =>
      fetch(`${stack.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": API_KEY, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async stop() {
      await stack.stop();
      await world.close();
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
