import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "../read-body.js";
import { exampleFromSchema } from "./example-from-schema.js";
import { parsePromptPassages } from "./prompt-passages.js";
import { statedAnswerResponder } from "./stated-answer-responder.js";

/** One Chat Completions call as the fake server received it. */
export interface FakeChatRequest {
  /** 0-based order of arrival. */
  index: number;
  model: string;
  messages: Array<{ role: string; content: string }>;
  /** `response_format.json_schema.schema`, when given. */
  jsonSchema: Record<string, unknown> | undefined;
  /** `response_format.json_schema.name`, when given: which answer is asked for (`research_answer`, `answer_check`, ...). */
  schemaName: string | undefined;
  /** The last user message. */
  userText: string;
  /** The `Authorization` header as received. */
  authorization: string | undefined;
  /** `max_tokens`, when the call set it. */
  maxTokens?: number | undefined;
}

/** What the fake answers to one call. */
export type FakeChatReply =
  | { kind: "json"; value: unknown; delayMs?: number }
  | { kind: "text"; content: string; delayMs?: number }
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: unknown; delayMs?: number }
  | { kind: "hang" };

export type FakeChatResponder = (request: FakeChatRequest) => FakeChatReply | Promise<FakeChatReply>;

export interface FakeChatServer {
  /** Base URL to use as OPENAI_BASE_URL, ending in `/v1`. */
  url: string;
  requests: FakeChatRequest[];
  /** How many times `GET /v1/models` was asked. */
  readonly modelListRequests: number;
  setResponder(responder: FakeChatResponder): void;
  /** Delay added before every answer, in milliseconds. */
  setLatency(milliseconds: number): void;
  close(): Promise<void>;
}

/**
 * Answers every call with a valid object for the requested schema; where the schema asks for
 * citations, it cites the first passage of the prompt with that passage's opening words.
 */
export const schemaExampleResponder: FakeChatResponder = (request) => {
  const value = (request.jsonSchema ? exampleFromSchema(request.jsonSchema) : {}) as Record<string, unknown>;
  if (Array.isArray(value.citations)) {
    const prompt = request.messages.map((message) => message.content).join("\n");
    const first = parsePromptPassages(prompt)[0];
    value.citations = first ? [{ passage: first.id, quote: first.text.split(/\s+/).slice(0, 6).join(" ") }] : [];
  }
  if (value.person && typeof value.person === "object") {
    for (const key of Object.keys(value.person)) (value.person as Record<string, unknown>)[key] = null;
  }
  return { kind: "json", value };
};

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function completion(model: string, content: string, promptChars: number): string {
  return JSON.stringify({
    id: `chatcmpl-fake-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: {
      prompt_tokens: Math.ceil(promptChars / 4),
      completion_tokens: Math.ceil(content.length / 4),
      total_tokens: Math.ceil(promptChars / 4) + Math.ceil(content.length / 4),
    },
  });
}

/**
 * A real HTTP server speaking the OpenAI Chat Completions protocol (`POST /v1/chat/completions`,
 * `GET /v1/models`), answering as the responder says: valid JSON, garbage, an error status, or
 * nothing at all. Shared by tests, the eval and the benchmarks.
 */
export async function startFakeChatServer(
  options: {
    responder?: FakeChatResponder;
    latencyMs?: number;
    /** The port to listen on (on 127.0.0.1). Default: a free one. */
    port?: number;
  } = {},
): Promise<FakeChatServer> {
  let responder = options.responder ?? statedAnswerResponder;
  let latencyMs = options.latencyMs ?? 0;
  let modelListRequests = 0;
  const requests: FakeChatRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (request, response) => {
    try {
      if (request.method === "GET" && request.url === "/v1/models") {
        modelListRequests += 1;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model", owned_by: "dossier" }] }),
        );
        return;
      }
      if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "not found", type: "invalid_request_error" } }));
        return;
      }
      const raw = await readBody(request);
      const body = JSON.parse(raw) as {
        model: string;
        messages: Array<{ role: string; content: string }>;
        response_format?: { json_schema?: { name?: string; schema?: Record<string, unknown> } };
        max_tokens?: number;
      };
      const userMessages = body.messages.filter((message) => message.role === "user");
      const received: FakeChatRequest = {
        index: requests.length,
        model: body.model,
        messages: body.messages,
        jsonSchema: body.response_format?.json_schema?.schema,
        schemaName: body.response_format?.json_schema?.name,
        userText: userMessages[userMessages.length - 1]?.content ?? "",
        authorization: request.headers.authorization,
        maxTokens: body.max_tokens,
      };
      requests.push(received);
      const reply = await responder(received);
      if (reply.kind === "hang") {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      }
      const delay = latencyMs + (reply.delayMs ?? 0);
      if (delay > 0) await sleep(delay);
      if (reply.kind === "status") {
        response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        response.end(
          JSON.stringify(reply.body ?? { error: { message: `fake status ${reply.status}`, type: "server_error" } }),
        );
        return;
      }
      const content = reply.kind === "json" ? JSON.stringify(reply.value) : reply.content;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(completion(body.model, content, raw.length));
    } catch (error) {
      response.writeHead(400, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: String(error), type: "invalid_request_error" } }));
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get modelListRequests() {
      return modelListRequests;
    },
    setResponder(next) {
      responder = next;
    },
    setLatency(milliseconds) {
      latencyMs = milliseconds;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
