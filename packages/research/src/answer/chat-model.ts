/** One message of a chat prompt. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** Token counts the endpoint reported for one call. */
export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** Name of the JSON schema, as `response_format.json_schema.name`. */
  schemaName: string;
  /** JSON Schema the reply must follow (strict structured output). */
  jsonSchema: Record<string, unknown>;
  /**
   * Most tokens the reply may take (`max_tokens`): a small model that loops stops here instead of
   * at the server's own cap. Default: the endpoint's.
   */
  maxTokens?: number;
  signal?: AbortSignal;
  /**
   * True for work nobody waits on (a batch item, an async call): an upstream's 429 may then be
   * waited out instead of failing the call at once. Default false.
   */
  background?: boolean;
}

export interface ChatReply {
  /** The reply's raw text, expected to be JSON. */
  content: string;
  usage: ChatUsage;
}

/**
 * A model that answers a chat prompt with JSON following a schema. Implementations throw
 * DossierError with an `LLM_` code; they retry transient failures themselves.
 */
export interface ChatModel {
  /** Endpoint and model, e.g. `http://127.0.0.1:11434/v1#qwen2.5:3b-instruct`. */
  readonly id: string;
  complete(request: ChatRequest): Promise<ChatReply>;
}
