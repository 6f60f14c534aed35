import type { DependencyStatus } from "@dossier/queue";
import { displayUrl } from "./display-url.js";

/** Where the model is and how it is asked for (the worker's `config.llm`). */
export interface ModelEndpointSettings {
  /** `OPENAI_BASE_URL`: the OpenAI-compatible endpoint, ending in `/v1` or its equivalent. */
  baseUrl: string;
  /** `OPENAI_API_KEY`, sent as a bearer token when set. */
  apiKey: string | undefined;
  /** `LLM_MODEL`: the model the worker asks for. */
  model: string;
}

/** A status and the sentence that tells an operator what to do about it (naming the variable). */
export interface CheckResult {
  status: DependencyStatus;
  /** For the log when the status is not `ok`; never holds a secret. */
  advice?: string;
}

/** How long one check may take, in milliseconds. */
export const CHECK_TIMEOUT_MS = 5_000;

/**
 * Asks the endpoint for its models (`GET {OPENAI_BASE_URL}/models`, which every OpenAI-compatible
 * server answers and which costs no tokens): unreachable, a refused key or a server error is
 * `failing`; a server that does not list models (404, 405, 501) is a `warning`; a list without `LLM_MODEL` is a `warning`, since some servers (llama.cpp) answer any
 * model name while others (Ollama, vLLM) refuse it.
 */
export async function checkModelEndpoint(settings: ModelEndpointSettings): Promise<CheckResult> {
  const where = displayUrl(settings.baseUrl);
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl.replace(/\/+$/, "")}/models`, {
      headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  } catch {
    return {
      status: { state: "failing", text: `unreachable: ${where}` },
      advice:
        `The model endpoint ${where} is unreachable, so no question can be answered. Set OPENAI_BASE_URL to an ` +
        "OpenAI-compatible endpoint (Ollama, vLLM, llama.cpp server, LM Studio; or OPENAI_API_KEY for OpenAI) and LLM_MODEL to its model.",
    };
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return {
      status: { state: "failing", text: `refused the key: ${where}` },
      advice: `The model endpoint ${where} answered ${response.status}: set OPENAI_API_KEY to a key it accepts.`,
    };
  }
  // An endpoint that answers but lists no models (a server that implements only chat completions)
  // is reachable: a warning, not a failure, or /readyz would fail on a server that can answer.
  if (response.status === 404 || response.status === 405 || response.status === 501) {
    await response.body?.cancel();
    return {
      status: { state: "warning", text: `lists no models (${response.status}): ${where}` },
      advice: `The model endpoint ${where} answered ${response.status} to GET /models, so ${settings.model} (LLM_MODEL) could not be checked.`,
    };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return {
      status: { state: "failing", text: `answered ${response.status}: ${where}` },
      advice: `The model endpoint ${where} answered ${response.status} to GET /models; check OPENAI_BASE_URL.`,
    };
  }
  const listed = await response
    .json()
    .then((body: unknown) => (body as { data?: Array<{ id?: unknown }> }).data?.map((entry) => entry.id))
    .catch(() => undefined);
  if (Array.isArray(listed) && listed.length > 0 && !listed.includes(settings.model)) {
    return {
      status: { state: "warning", text: `${settings.model} not listed: ${where}` },
      advice:
        `The model endpoint ${where} does not list the model ${settings.model} (LLM_MODEL). Pull it (Ollama: ` +
        `ollama pull ${settings.model}) or set LLM_MODEL to one it lists: ${listed.slice(0, 5).join(", ")}.`,
    };
  }
  return { status: { state: "ok", text: "ok" } };
}
