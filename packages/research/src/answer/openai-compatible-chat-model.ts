import { DossierError } from "@dossier/contract";
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "openai";
import type { ChatModel, ChatReply, ChatRequest } from "./chat-model.js";

export interface OpenAiCompatibleChatModelSettings {
  /** Base URL of any OpenAI-compatible endpoint, ending in `/v1`. */
  baseUrl: string;
  /** API key; local servers accept any value. */
  apiKey?: string | undefined;
  /** Model name at that endpoint. */
  model: string;
  /** Time-out of one HTTP attempt, in milliseconds. */
  timeoutMs: number;
  /** Retries on 429, 5xx, connection errors and time-outs, with exponential backoff. */
  maxRetries: number;
  /** Sampling temperature. Default 0: research answers should not vary. */
  temperature?: number;
}

const HOW_TO_CONFIGURE =
  "Start an OpenAI-compatible server there (for example `ollama serve` with the model pulled), or set OPENAI_BASE_URL " +
  "(with OPENAI_API_KEY and LLM_MODEL) to another endpoint.";

/** Chat Completions over the `openai` package, with `response_format` of type `json_schema`. */
export class OpenAiCompatibleChatModel implements ChatModel {
  readonly id: string;
  private readonly client: OpenAI;

  constructor(private readonly settings: OpenAiCompatibleChatModelSettings) {
    this.id = `${settings.baseUrl}#${settings.model}`;
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      apiKey: settings.apiKey ?? "not-needed",
      timeout: settings.timeoutMs,
      maxRetries: settings.maxRetries,
    });
  }

  async complete(request: ChatRequest): Promise<ChatReply> {
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.settings.model,
          temperature: this.settings.temperature ?? 0,
          messages: request.messages,
          ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
          response_format: {
            type: "json_schema",
            json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: true },
          },
        },
        { signal: request.signal },
      );
      const content = completion.choices?.[0]?.message?.content;
      if (typeof content !== "string") {
        throw new DossierError("LLM_OUTPUT_INVALID", {
          detail: `The model at ${this.settings.baseUrl} returned no message content.`,
        });
      }
      return {
        content,
        usage: {
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        },
      };
    } catch (error) {
      throw this.toDossierError(error);
    }
  }

  private toDossierError(error: unknown): unknown {
    if (error instanceof DossierError) return error;
    const endpoint = this.settings.baseUrl;
    const attempts = this.settings.maxRetries + 1;
    if (error instanceof APIUserAbortError) return error;
    if (error instanceof APIConnectionTimeoutError) {
      return new DossierError("LLM_UNREACHABLE", {
        detail: `The model endpoint ${endpoint} did not answer within ${this.settings.timeoutMs} ms (${attempts} attempts). ${HOW_TO_CONFIGURE}`,
        retryable: true,
        retryAfterSeconds: 30,
        cause: error,
      });
    }
    if (error instanceof APIConnectionError) {
      return new DossierError("LLM_UNREACHABLE", {
        detail: `Could not reach the model endpoint ${endpoint} (${attempts} attempts). ${HOW_TO_CONFIGURE}`,
        retryable: true,
        retryAfterSeconds: 30,
        cause: error,
      });
    }
    if (error instanceof RateLimitError) {
      const retryAfter = Number(error.headers?.get("retry-after"));
      return new DossierError("LLM_RATE_LIMITED", {
        detail: `The model endpoint ${endpoint} kept answering 429 (rate limited) after ${attempts} attempts.`,
        retryable: true,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.ceil(retryAfter) : 30,
        cause: error,
      });
    }
    if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
      return new DossierError("LLM_AUTH_FAILED", {
        detail: `The model endpoint ${endpoint} rejected the credentials (HTTP ${error.status}). Check OPENAI_API_KEY.`,
        cause: error,
      });
    }
    if (error instanceof NotFoundError) {
      return new DossierError("LLM_UPSTREAM_FAILED", {
        detail: `The model endpoint ${endpoint} does not know the model "${this.settings.model}" (HTTP 404). Pull it or set LLM_MODEL.`,
        cause: error,
      });
    }
    if (error instanceof OpenAI.APIError) {
      return new DossierError("LLM_UPSTREAM_FAILED", {
        detail: `The model endpoint ${endpoint} answered HTTP ${error.status ?? "error"} after ${attempts} attempts.`,
        retryable: (error.status ?? 500) >= 500,
        cause: error,
      });
    }
    return new DossierError("LLM_UPSTREAM_FAILED", {
      detail: `The call to the model endpoint ${endpoint} failed.`,
      cause: error,
    });
  }
}
