import type { FakeChatServer } from "../llm/start-fake-chat-server.js";
import type { SiteDefinition } from "../web/index.js";
import { type ResearchWorld, startResearchWorld } from "./start-research-world.js";
import { type Stack, type StackOptions, startStack } from "./start-stack.js";

/** The API key every harness accepts (through `API_KEYS`). */
export const TEST_API_KEY = "test-key-0123456789abcdef";

/** A company of the simulated web, for requests that only need some subject. */
export const TEST_COMPANY = { name: "Northwind Robotics", website: "https://northwind-robotics.test" };

/** A gateway and workers over the simulated web, with a client that sends the test key. */
export interface Harness {
  stack: Stack;
  model: FakeChatServer;
  world: ResearchWorld;
  /** POSTs JSON (or raw text) with the test key unless headers say otherwise. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/** Starts the simulated web, the fake model and search, and a stack of real processes over them. */
export async function startHarness(
  options: StackOptions & { modelLatencyMs?: number; extraSites?: SiteDefinition[] } = {},
): Promise<Harness> {
  const world = await startResearchWorld({
    modelLatencyMs: options.modelLatencyMs ?? 0,
    ...(options.extraSites ? { extraSites: options.extraSites } : {}),
  });
  const model = world.model;
  const stack = await startStack({ ...options, env: { ...world.env, API_KEYS: TEST_API_KEY, ...options.env } });
  return {
    stack,
    model,
    world,
    post: (path, body, headers = {}) =>
      fetch(`${stack.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async stop() {
      await stack.stop();
      await world.close();
    },
  };
}

/** A request about {@link TEST_COMPANY}; a question unique to the calling test keeps stored results out. */
export function companyRequest(question: string, extra: Record<string, unknown> = {}) {
  return { question, company: TEST_COMPANY, ...extra };
}

/** An RFC 9457 problem as the gateway writes it. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  instance?: string;
  errors?: Array<{ path: string; message: string }>;
  [extension: string]: unknown;
}

/** The problem+json body of a response. */
export async function problemOf(response: Response): Promise<ProblemBody> {
  return (await response.json()) as ProblemBody;
}
