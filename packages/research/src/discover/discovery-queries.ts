import type { Criterion } from "./derive-criteria.js";

/** Opening words of an objective that a search engine does not need. */
const OPENING =
  /^(?:please\s+)?(?:(?:find|list|get|show(?: me)?|give me|search for|look for)\s+)?(?:(?:all|every|each|the|any)\s+)?/i;

const RELATIVE = /\s*[,;]?\s+\b(?:that|who|which|whose)\b\s+/i;

/** Search words that lead to pages listing many entities of a kind. */
const LISTING_WORDS = {
  company: ["directory", "list", "members"],
  person: ["team", "board", "people"],
} as const;

/** Queries per effort tier: lite looks once, deep looks from every criterion too. */
const QUERIES_PER_EFFORT = { lite: 1, standard: 3, deep: 6 } as const;

/**
 * The search queries that look for a list's candidates: the objective itself, then its head noun
 * phrase with words that find listing pages ("directory", "members" for companies; "team", "board"
 * for people), then (deep) the head with each criterion. Without quotes or operators, so that any
 * provider reads them.
 */
export function discoveryQueries(
  objective: string,
  entityType: "company" | "person",
  criteria: readonly Criterion[],
  effort: "lite" | "standard" | "deep",
): string[] {
  const text = objective
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.?!]+$/, "")
    .replace(OPENING, "");
  const head = text.split(RELATIVE)[0]?.trim() || text;
  const queries: string[] = [];
  const add = (query: string) => {
    const trimmed = query.replace(/\s+/g, " ").trim();
    if (trimmed && !queries.some((known) => known.toLowerCase() === trimmed.toLowerCase())) queries.push(trimmed);
  };
  add(text);
  for (const word of LISTING_WORDS[entityType]) add(`${head} ${word}`);
  for (const criterion of criteria) {
    const said = criterion.description.replace(/^(?:is|are|has|have|does|do)\s+/i, "");
    add(`${head} ${said}`);
  }
  return queries.slice(0, QUERIES_PER_EFFORT[effort]);
}
