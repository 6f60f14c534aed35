/** Past participles that follow "has" without an "-ed": "has won", "has built". */
const IRREGULAR_PARTICIPLES = new Set(
  "been done made won built led held taken given grown sold bought run begun become seen written shown known brought set put raised".split(
    " ",
  ),
);

const MODALS = /^(?:can|could|will|would|may|might|must|should)$/i;

/** The base form of a verb in the third person: "sells" -> "sell", "focuses" -> "focus", "carries" -> "carry". */
function baseForm(verb: string): string {
  if (/ies$/i.test(verb)) return `${verb.slice(0, -3)}y`;
  if (/(?:sses|shes|ches|xes|zes|oes|uses)$/i.test(verb)) return verb.slice(0, -2);
  return verb.slice(0, -1);
}

/** Words a criterion may start with that point at the entity: "the company is ...", "they have ...". */
const SUBJECT_LEAD = /^(?:the (?:company|firm|startup|organi[sz]ation|person|candidate|entity)|it|they|he|she)\s+/i;

/**
 * The yes-or-no question that checks one criterion of one candidate, in plain English so that the
 * research's search, ranking and verification read it as any other question: "is hiring engineers"
 * of Fjordlight Energy asks "Is Fjordlight Energy hiring engineers?"; "has raised a seed round"
 * asks "Has ... raised a seed round?"; "has an office in Oslo" asks "Does ... have an office in
 * Oslo?"; "sells to utilities" asks "Does ... sell to utilities?"; anything else ("headquartered in
 * Norway", "a member of X") asks "Is ... <criterion>?".
 */
export function criterionQuestion(name: string, description: string): string {
  const text = description
    .trim()
    .replace(/[.?!]+$/, "")
    .replace(SUBJECT_LEAD, "");
  const [first = "", second = "", ...rest] = text.split(/\s+/);
  const lower = first.toLowerCase();
  const tail = (...words: string[]) => words.filter(Boolean).join(" ");
  let question: string;
  if (lower === "is" || lower === "are") question = `Is ${name} ${tail(second, ...rest)}`;
  else if (lower === "was" || lower === "were") question = `Was ${name} ${tail(second, ...rest)}`;
  else if (lower === "has" || lower === "have") {
    const participle = /ed$/i.test(second) || IRREGULAR_PARTICIPLES.has(second.toLowerCase());
    question = participle ? `Has ${name} ${tail(second, ...rest)}` : `Does ${name} have ${tail(second, ...rest)}`;
  } else if (lower === "does" || lower === "do") question = `Does ${name} ${tail(second, ...rest)}`;
  else if (MODALS.test(lower))
    question = `${first[0]!.toUpperCase()}${lower.slice(1)} ${name} ${tail(second, ...rest)}`;
  else if (/[^su]s$/i.test(lower) && lower.length > 3 && !/(?:ous|ss|ics|ness|headquarters|series|news)$/i.test(lower))
    question = `Does ${name} ${tail(baseForm(first), second, ...rest)}`;
  else question = `Is ${name} ${text}`;
  return `${question.replace(/\s+/g, " ").trim()}?`;
}
