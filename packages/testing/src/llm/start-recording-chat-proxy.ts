import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "../read-body.js";
import type { FakeChatRequest } from "./start-fake-chat-server.js";

/** One call that went through the proxy, with what the real endpoint answered. */
export interface RecordedChatCall extends FakeChatRequest {
  /** HTTP status the endpoint answered. */
  status: number;
  /** `usage` of the endpoint's answer, when it sent one. */
  usage: { promptTokens: number; completionTokens: number } | null;
  /** Time the endpoint took, in milliseconds. */
  durationMs: number;
}

export interface RecordingChatProxy {
  /** Base URL to use as OPENAI_BASE_URL, ending in `/v1`. */
  url: string;
  /** Every call so far, in order of arrival. */
  requests: RecordedChatCall[];
  close(): Promise<void>;
}

/**
 * A pass-through to a real OpenAI-compatible endpoint that keeps a copy of every Chat Completions
 * call, so that the evaluation can see what reached the model (the prompt's passages) when a real
 * model answers. Requests and answers go through unchanged; the caller's `Authorization` header is
 * replaced by `apiKey` when one is given.
 */
export async function startRecordingChatProxy(upstreamUrl: string, apiKey?: string): Promise<RecordingChatProxy> {
  const upstream = upstreamUrl.replace(/\/+$/, "");
  const requests: RecordedChatCall[] = [];
  const server = createServer(async (request, response) => {
    const raw = request.method === "POST" ? await readBody(request) : "";
    const started = performance.now();
    const target = `${upstream}${(request.url ?? "/").replace(/^\/v1/, "")}`;
    const headers: Record<string, string> = { "content-type": "application/json" };
    const authorization = apiKey ? `Bearer ${apiKey}` : request.headers.authorization;
    if (authorization) headers.authorization = authorization;
    let status = 502;
    let text = JSON.stringify({
      error: { message: "the upstream model endpoint could not be reached", type: "proxy" },
    });
    try {
      const answer = await fetch(target, { method: request.method ?? "GET", headers, ...(raw ? { body: raw } : {}) });
      status = answer.status;
      text = await answer.text();
    } catch {
      // Answered below as 502, as a gateway in front of the model would.
    }
    if (request.method === "POST" && request.url?.endsWith("/chat/completions")) {
      const body = JSON.parse(raw) as {
        model: string;
        messages: Array<{ role: string; content: string }>;
        response_format?: { json_schema?: { name?: string; schema?: Record<string, unknown> } };
      };
      const userMessages = body.messages.filter((message) => message.role === "user");
      let usage: RecordedChatCall["usage"] = null;
      try {
        const parsed = JSON.parse(text) as { usage?: { prompt_tokens?: number; completion_tokens?: number } };
        if (parsed.usage)
          usage = {
            promptTokens: parsed.usage.prompt_tokens ?? 0,
            completionTokens: parsed.usage.completion_tokens ?? 0,
          };
      } catch {
        // Not JSON: an error page; usage stays unknown.
      }
      requests.push({
        index: requests.length,
        model: body.model,
        messages: body.messages,
        jsonSchema: body.response_format?.json_schema?.schema,
        schemaName: body.response_format?.json_schema?.name,
        userText: userMessages[userMessages.length - 1]?.content ?? "",
        authorization: undefined,
        status,
        usage,
        durationMs: performance.now() - started,
      });
    }
    response.writeHead(status, { "content-type": "application/json" });
    response.end(text);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
