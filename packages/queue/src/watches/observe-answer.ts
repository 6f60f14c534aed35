import type { ResponseType, WatchQuote } from "@dossier/contract";

/** One value a run found for a field, with the verified quotes that state it. */
export interface StatedValue {
  value: unknown;
  quotes: WatchQuote[];
}

/**
 * What one run says of one field: a single value (null when no quote states any), the items of a
 * list field (null when none is stated), or nothing to compare (a person field taken from the
 * request, which no page has to confirm).
 */
export type Observation =
  | { kind: "value"; stated: StatedValue | null }
  | { kind: "list"; items: StatedValue[] | null }
  | { kind: "skip" };

/** The parts of a research response a watch compares. */
export interface ObservedResponse {
  answerText?: string | null;
  answerNumber?: number | null;
  citations?: Array<{ url: string; quote: string; title?: string | null }>;
  answerObject?: Record<string, unknown>;
  fieldCitations?: Record<string, Array<{ url: string; quote: string }>>;
  person?: { personSources?: Record<string, unknown> } & Record<string, unknown>;
}

const quotesOf = (citations: Array<{ url: string; quote: string; title?: string | null }> | undefined): WatchQuote[] =>
  (citations ?? []).map((citation) => ({
    url: citation.url,
    quote: citation.quote,
    ...(citation.title !== undefined ? { title: citation.title } : {}),
  }));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The typed answer as the value to compare: OPTIONS as its list of options, NUMBER and BOOL as numbers. */
function typedValue(responseType: ResponseType, response: ObservedResponse): unknown {
  const text = response.answerText ?? null;
  if (text === null) return null;
  if (responseType === "OPTIONS") {
    try {
      const options = JSON.parse(text) as unknown;
      if (Array.isArray(options)) return options;
    } catch {
      // Not the JSON array OPTIONS promises: compared as text.
    }
  }
  return text;
}

/** Walks `answerObject`: nested objects by dotted path, lists as list fields, the rest as single values. */
function observeObject(
  object: Record<string, unknown>,
  fieldCitations: Record<string, Array<{ url: string; quote: string }>>,
  prefix: string,
  into: Map<string, Observation>,
): void {
  for (const [name, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (Array.isArray(value)) {
      const items = value.map((item, index) => ({
        value: item,
        quotes: quotesOf(fieldCitations[`${path}[${index}]`]),
      }));
      into.set(path, { kind: "list", items: items.length > 0 ? items : null });
    } else if (isRecord(value)) {
      observeObject(value, fieldCitations, path, into);
    } else {
      into.set(path, {
        kind: "value",
        stated: value === null || value === undefined ? null : { value, quotes: quotesOf(fieldCitations[path]) },
      });
    }
  }
}

/**
 * The fields one research response states, by the names a change event uses: `answerText` for a
 * typed answer, the paths of `answerObject`, and for a person the record's fields that pages state
 * (`person.jobTitle`). Fields taken from the request are not compared: no page has to state them.
 */
export function observeAnswer(responseType: ResponseType, response: ObservedResponse): Map<string, Observation> {
  const observed = new Map<string, Observation>();
  if (response.answerObject) {
    observeObject(response.answerObject, response.fieldCitations ?? {}, "", observed);
  } else {
    const value = typedValue(responseType, response);
    observed.set("answerText", {
      kind: "value",
      stated: value === null ? null : { value, quotes: quotesOf(response.citations) },
    });
  }
  const person = response.person;
  if (person) {
    const sources = isRecord(person.personSources) ? person.personSources : {};
    for (const [name, value] of Object.entries(person)) {
      if (name === "personSources") continue;
      const source = sources[name];
      const path = `person.${name}`;
      if (value === null || value === undefined) {
        observed.set(path, { kind: "value", stated: null });
      } else if (Array.isArray(source)) {
        observed.set(path, {
          kind: "value",
          stated: { value, quotes: quotesOf(source as Array<{ url: string; quote: string }>) },
        });
      } else {
        observed.set(path, { kind: "skip" });
      }
    }
  }
  return observed;
}
