import { DossierError } from "@dossier/contract";
import * as z from "zod";
import type { ChatMessage, ChatModel, ChatRequest, ChatUsage } from "./chat-model.js";

export interface StructuredResult<T> {
  value: T;
  usage: ChatUsage;
  /** Model calls made, repairs included. */
  calls: number;
}

const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * JSON Schema for `response_format`, from zod, in the strict subset every endpoint accepts; made
 * once per schema object and shared by every call with it (callers must not change it).
 */
export function toResponseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  let json = jsonSchemas.get(schema);
  if (!json) {
    const { $schema: _schema, ...rest } = z.toJSONSchema(schema, {
      target: "draft-7",
      io: "output",
      unrepresentable: "any",
    }) as Record<string, unknown>;
    json = rest;
    jsonSchemas.set(schema, json);
  }
  return json;
}

/** Small local models like to wrap JSON in a code fence or add a sentence around it. */
export function parseJsonLeniently(content: string): unknown {
  const trimmed = content.trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
    const candidate = fenced ? fenced[1]! : trimmed.slice(trimmed.indexOf("{"), trimmed.lastIndexOf("}") + 1);
    return JSON.parse(candidate);
  }
}

function describeIssues(error: z.ZodError | Error): string {
  if (error instanceof z.ZodError) {
    return error.issues
      .slice(0, 8)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
  }
  return "the reply was not valid JSON";
}

/**
 * One model call whose JSON reply must satisfy `schema` (and `check`, for rules JSON Schema cannot
 * say). A reply that does not fit gets one repair attempt that shows the model its mistakes;
 * a second misfit is LLM_OUTPUT_INVALID.
 */
export async function generateStructured<T>(
  model: ChatModel,
  options: {
    messages: ChatMessage[];
    schemaName: string;
    schema: z.ZodType<T>;
    check?: (value: T) => string | null;
    signal?: AbortSignal;
    /** Passed to the model: see {@link ChatRequest.maxTokens}. */
    maxTokens?: number;
    /** Passed to the model: see {@link ChatRequest.background}. */
    background?: boolean;
  },
): Promise<StructuredResult<T>> {
  const jsonSchema = toResponseJsonSchema(options.schema);
  const usage: ChatUsage = { promptTokens: 0, completionTokens: 0 };
  let messages = options.messages;
  let lastProblem = "";
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const reply = await model.complete({
      messages,
      schemaName: options.schemaName,
      jsonSchema,
      ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
      signal: options.signal,
      background: options.background ?? false,
    });
    usage.promptTokens += reply.usage.promptTokens;
    usage.completionTokens += reply.usage.completionTokens;
    let problem: string;
    try {
      const value = options.schema.parse(parseJsonLeniently(reply.content));
      const checkProblem = options.check?.(value) ?? null;
      if (checkProblem === null) return { value, usage, calls: attempt };
      problem = checkProblem;
    } catch (error) {
      problem = describeIssues(error as Error);
    }
    lastProblem = problem;
    messages = [
      ...options.messages,
      { role: "assistant", content: reply.content.slice(0, 4_000) },
      {
        role: "user",
        content: `That reply does not fit the required JSON schema: ${problem}. Reply again with only one JSON object that fits the schema exactly.`,
      },
    ];
  }
  throw new DossierError("LLM_OUTPUT_INVALID", {
    detail: `The model ${model.id.split("#")[1] ?? model.id} twice returned output that does not fit the answer schema (${lastProblem}). A larger or instruction-tuned model may help (LLM_MODEL).`,
  });
}
