import type { Criterion } from "./derive-criteria.js";

/** Opening words of an objective that a search engine does not need. */
const OPENING =
  /^(?:please\s+)?(?:(?:find|list|get|show(?: me)?|give me|search for|look for)\s+)?(?:(?:all|every|each|the|any)\s+)?(?:(?:of\s+)?the\s+)?/i;

const RELATIVE = /\s*[,;]?\s+\b(?:that|who|which|whose)\b\s+/i;

/** Where a noun phrase's qualifiers start: "sponsors | of open-source projects", "startups | in the Nordics". */
const QUALIFIER = /\s+(?:(?:based|headquartered|located|listed)\s+)?(?:of|at|in|from|for|on|with|across|within)\s+/i;

/** Search words that lead to pages listing many entities of a kind. */
const LISTING_WORDS = {
  company: ["directory", "list", "members"],
  person: ["team", "board", "people"],
} as const;

/** Queries per effort tier: lite looks once, deep looks from every criterion too. */
const QUERIES_PER_EFFORT = { lite: 1, standard: 6, deep: 10 } as const;

/**
 * The organisation an objective names, when its head ends with one: "board directors of Acme
 * Robotics" names "Acme Robotics", "designers at Acme" names "Acme"; "sponsors of open-source
 * projects" names none (a name is written with capitals).
 */
export function namedOrganisation(objective: string): string | null {
  const head = headOf(objective);
  const match =
    /\s(?:of|at|for|with|on|from)\s+(?:the\s+)?(\p{Lu}[\p{L}\p{N}&.'’+-]*(?:\s+(?:\p{Lu}[\p{L}\p{N}&.'’+-]*|\d+|&|and|of|for|the))*)\s*$/u.exec(
      head,
    );
  const name = match?.[1]?.replace(/\s+(?:and|of|for|the|&)$/i, "").trim();
  return name || null;
}

/** The noun that says what an objective lists: "sponsors" of "gold sponsors of open-source projects". */
export function listedNoun(objective: string): string {
  const head = headOf(objective);
  const bare = head.split(QUALIFIER)[0]?.trim() || head;
  return (bare.split(/\s+/).at(-1) ?? "").toLowerCase();
}

/** The objective without its opening words and final mark. */
function cleaned(objective: string): string {
  return objective
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.?!]+$/, "")
    .replace(OPENING, "");
}

/** The objective's noun phrase, before any "that", "who" or "which" clause. */
function headOf(objective: string): string {
  const text = cleaned(objective);
  return text.split(RELATIVE)[0]?.trim() || text;
}

/**
 * The search queries that look for a list's candidates, in this order: the objective itself; when
 * it names an organisation, that organisation's own listing pages ("Acme team", "Acme board" for
 * people, "Acme sponsors" for the companies around it); the head noun phrase without its qualifiers
 * ("gold sponsors" of "gold sponsors of open-source projects"), which finds the same kind of list on
 * other sites; each criterion in its own words; the head with words that find listing pages
 * ("directory", "members"; "team", "board"); then (deep) the head with each criterion. Without
 * quotes or operators, so that any provider reads them.
 */
export function discoveryQueries(
  objective: string,
  entityType: "company" | "person",
  criteria: readonly Criterion[],
  effort: "lite" | "standard" | "deep",
): string[] {
  const text = cleaned(objective);
  const head = headOf(objective);
  const bare = head.split(QUALIFIER)[0]?.trim() || head;
  const organisation = namedOrganisation(objective);
  const queries: string[] = [];
  const add = (query: string) => {
    const trimmed = query.replace(/\s+/g, " ").trim();
    if (trimmed && !queries.some((known) => known.toLowerCase() === trimmed.toLowerCase())) queries.push(trimmed);
  };
  add(text);
  if (organisation) {
    if (entityType === "person") for (const word of LISTING_WORDS.person.slice(0, 2)) add(`${organisation} ${word}`);
    else add(`${organisation} ${bare}`);
  }
  if (bare !== head) add(bare);
  for (const criterion of criteria)
    add(criterion.description.replace(/^(?:is|are|has|have|does|do)\s+(?:an?\s+)?/i, ""));
  for (const word of LISTING_WORDS[entityType]) add(`${head} ${word}`);
  for (const criterion of criteria) {
    const said = criterion.description.replace(/^(?:is|are|has|have|does|do)\s+/i, "");
    add(`${head} ${said}`);
  }
  return queries.slice(0, QUERIES_PER_EFFORT[effort]);
}
