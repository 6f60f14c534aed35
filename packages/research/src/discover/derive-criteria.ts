/** One criterion as lists carry it. */
export interface Criterion {
  id: string;
  description: string;
}

/** Words that open an objective without saying anything about the entities: "find all", "list every". */
const OPENING =
  /^(?:please\s+)?(?:(?:find|list|get|show(?: me)?|give me|search for|look for|who are|what are|which are)\s+)?(?:(?:all|every|each|the|any)\s+)?(?:(?:of\s+)?the\s+)?/i;

/** Head nouns that only say what kind of entity is wanted: the entity type says that already. */
const BARE_ENTITY =
  /^(?:companies|company|firms?|businesses|business|organi[sz]ations?|people|persons?|individuals?|entities|ones)$/i;

const RELATIVE = /\s*[,;]?\s+\b(?:that|who|which|whose)\b\s+/i;
/** " and " followed by a verb starts a clause of its own: "that are hiring and have raised a seed round". */
const AND_CLAUSE =
  /\s+and\s+(?=(?:are|is|were|was|have|has|had|do|does|did|can|will|also|not|offer|sell|build|make|provide|use|serve|work|sit|hold|run|operate|employ)\b)/i;
/** Where a company is: split off the head so that it is checked on its own. */
const LOCATION = /\s+(?:(?:that are\s+)?(?:based|headquartered|located)\s+in|in|from)\s+(?=\S)/i;

const AUXILIARY_FORMS: Record<string, string> = {
  are: "is",
  were: "was",
  have: "has",
  do: "does",
  "don't": "doesn't",
  "aren't": "isn't",
  "weren't": "wasn't",
  "haven't": "hasn't",
};

const KEEP_AS_IS =
  /^(?:is|was|has|does|doesn't|isn't|wasn't|hasn't|can|could|will|would|may|might|must|should|also|not)$/i;

/** "startups" -> "startup", "companies" -> "company"; a word that is not a plural stays. */
export function singular(word: string): string {
  if (/ies$/i.test(word) && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/i.test(word)) return word;
  if (/(?:ches|shes|xes|sses)$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

/** The third person singular of a verb: "sell" -> "sells", "have" -> "has", "are" -> "is". */
function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (AUXILIARY_FORMS[lower]) return AUXILIARY_FORMS[lower];
  if (KEEP_AS_IS.test(lower) || /(?:[^s]s|ed|ing)$/.test(lower)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** A clause said of one entity: "are hiring engineers" -> "is hiring engineers". */
function ofOne(clause: string): string {
  const [first = "", ...rest] = clause.trim().split(/\s+/);
  return [thirdPerson(first), ...rest].join(" ");
}

function withArticle(phrase: string): string {
  if (/^(?:a|an|the|one)\s/i.test(phrase)) return phrase;
  return `${/^[aeiou]/i.test(phrase) ? "an" : "a"} ${phrase}`;
}

/**
 * The head's noun phrase made singular: its noun is the last word before a preposition ("partners
 * at Granite Peak Ventures"), or its last word ("seed-stage climate startups").
 */
function singularPhrase(phrase: string): string {
  const words = phrase.split(/\s+/);
  const preposition = words.findIndex((word, index) => index > 0 && /^(?:at|of|in|for|on|with|from|by)$/i.test(word));
  const noun = preposition === -1 ? words.length - 1 : preposition - 1;
  return words.map((word, index) => (index === noun ? singular(word) : word)).join(" ");
}

/**
 * Criteria derived from an objective without a model, one per clause, each said of one entity:
 * "seed-stage climate startups in the Nordics that are hiring engineers" gives "is a seed-stage
 * climate startup", "is based in the Nordics" and "is hiring engineers". The head noun phrase is
 * a criterion unless it only names the entity type ("companies"); a company's place ("in", "based
 * in", "from") is split off as its own criterion; each relative clause ("that", "who", "which")
 * and each verb clause joined by "and" is one more. Ids are `c1`, `c2`, ... An objective that
 * yields nothing gives itself as the one criterion.
 */
export function deriveCriteria(objective: string, entityType: "company" | "person"): Criterion[] {
  const text = objective
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.?!]+$/, "")
    .replace(OPENING, "");
  const [head = "", ...clauses] = text.split(RELATIVE);
  const descriptions: string[] = [];
  let noun = head.trim();
  if (entityType === "company") {
    const location = LOCATION.exec(noun);
    if (location) {
      const place = noun.slice(location.index + location[0].length).trim();
      noun = noun.slice(0, location.index).trim();
      if (place) descriptions.push(`is based in ${place}`);
    }
  }
  if (noun && !BARE_ENTITY.test(noun)) descriptions.unshift(`is ${withArticle(singularPhrase(noun))}`);
  for (const clause of clauses) {
    for (const part of clause.split(AND_CLAUSE)) {
      const trimmed = part.trim();
      if (trimmed) descriptions.push(ofOne(trimmed));
    }
  }
  const unique = [...new Set(descriptions.map((description) => description.replace(/\s+/g, " ").trim()))];
  const chosen = unique.length > 0 ? unique : [objective.trim()];
  return chosen.slice(0, 10).map((description, index) => ({ id: `c${index + 1}`, description }));
}
