import type { ResponseType } from "@dossier/contract";

/**
 * The kind of value a question asks for, read from its words: what a right answer must be, and
 * how the quote must state it. One vocabulary for typed answers, `outputSchema` fields (read from
 * a field's name and description), the evaluation and the fakes.
 */
export type AnswerKind =
  | "email"
  | "phone"
  | "url"
  | "identifier"
  | "address"
  | "country"
  | "city"
  | "region"
  | "person"
  | "title"
  | "organisation"
  | "product"
  | "name"
  | "year"
  | "date"
  | "money"
  | "count"
  | "percentage"
  | "duration"
  | "yes-no"
  | "option"
  | "number"
  | "text";

export const answerKinds: readonly AnswerKind[] = [
  "email",
  "phone",
  "url",
  "identifier",
  "address",
  "country",
  "city",
  "region",
  "person",
  "title",
  "organisation",
  "product",
  "name",
  "year",
  "date",
  "money",
  "count",
  "percentage",
  "duration",
  "yes-no",
  "option",
  "number",
  "text",
];

/** Cues of each kind, tried in order: the first that a question matches decides. */
const KIND_CUES: Array<[AnswerKind, RegExp]> = [
  // What is named first wins over what the question mentions: "the name of the person with this e-mail".
  ["person", /\b(?:full name|first name|last name|name of the person|who is the person)\b/],
  ["country", /\b(?:which|what|in which|in what) country\b/],
  ["city", /\b(?:which|what|in which|in what|from which|from what) (?:city|town)\b/],
  [
    "region",
    /\b(?:which|what|in which|in what)(?: us| u\.s\.| american| canadian| australian)? (?:state|province|region|county|canton)\b/,
  ],
  ["email", /\be-?mail\b/],
  ["phone", /\b(?:phone|telephone|fax|hotline|call (?:them|her|him|us))\b/],
  [
    "identifier",
    /\b(?:vat|ein|tax id|tax number|tax identification|registration number|register(?:ed)? number|company number|registry number|commercial register|trade register|handelsregister|duns|lei|isin|ticker|iban|swift|license number|licence number|(?:id|identification) number|\w+ id)\b|\bregist(?:er|ry|ration)\b.*\b(?:number|court|entry)\b/,
  ],
  // "What is the D-U-N-S number", "What is its FEI number": a number that names it is an identifier.
  ["identifier", /\b(?:what|which) (?:is|are|was) (?:the|its|their|his|her)(?: [\w'’-]+){1,3} (?:number|id)\b(?! of)/],
  ["address", /\b(?:address|street|postcode|postal code|zip code|mailing)\b/],
  // "What is its index called?": a name, not a sentence about it.
  ["name", /\b(?:what|how) (?:is|are|was|were)\b.*\b(?:called|named)\b\s*\??$/],
  ["percentage", /\b(?:percent(?:age)?|share of|what fraction|%)/],
  [
    "duration",
    /\bhow long\b|\bhow many (?:days|weeks|months|years|hours|minutes)\b|\bin (?:days|weeks|months|years|hours|minutes)\b|\b(?:duration|notice period|trial)\b/,
  ],
  [
    "money",
    /\bhow much\b|\b(?:raise[sd]?|raising|funding|valuation|revenue|price[sd]?|cost[s]?|fee[s]?|salary|budget|grant|donation|amount|spend|paid|pay|charge[sd]?|charging|bill(?:s|ed)?)\b/,
  ],
  // "How big is the Acme team?": the team's size, however the team is named.
  [
    "count",
    /\bhow many\b|\bnumber of\b|\bcount of\b|\bhow (?:large|big) (?:is|are|was) (?:the |its |their )?(?:[\w'’.&-]+ ){0,3}(?:team|staff|workforce)\b|\bteam size\b|\bheadcount\b/,
  ],
  ["year", /\b(?:what|which) year\b|\bin what year\b|\bsince when\b|\bwhen\b|\byear\b|\bdate\b/],
  ["country", /\b(?:which|what|in which|in what) country\b|\bcountry\b|\bnationality\b/],
  // Where someone worked before is an employer, not a place: "Where did she work before joining?"
  [
    "organisation",
    /\bwhere (?:did|does|do|had|has|have) \S+(?: \S+){0,3} work(?:ed)? (?:before|previously|prior)\b|\b(?:previous|former|prior|last) (?:employer|company)\b/,
  ],
  [
    "city",
    /\b(?:city|town)\b|\bheadquarter|\bwhere\b.*\b(?:based|headquartered|located|registered|office|offices|live|lives|living|work|works)\b/,
  ],
  ["url", /\b(?:url|website|web site|homepage|home page|link|repository|repo|github|profile page|web address)\b/],
  [
    "organisation",
    /\b(?:which|what|whose)(?: (?!(?:does|do|did|is|are|was|were|has|have|the|a|an|this|that|its|their)\b)[\w-]+){0,3} (?:company|companies|startup|organi[sz]ation|firm|investor|fund|bank|university|school|partner|customer|client|vendor|provider|sponsor|foundation|entity|employer|subsidiary|parent)\b|\blegal (?:name|entity)\b|\bwho (?:acquired|owns|bought|invested|funded|led the|sponsors|hosts|operates)\b|\bwho (?:are|is|were|was) (?:\S+ ){0,2}(?:investors?|backers?|funders?|sponsors?|shareholders?|owners?|customers?|clients?|partners?|auditors?|vendors?|providers?)\b/,
  ],
  [
    "product",
    /\b(?:which|what)(?: (?!(?:does|do|did|is|are|was|were|has|have|the|a|an|this|that|its|their)\b)[\w-]+){0,3} (?:tool|product|service|software|platform|app|application|library|framework|programming language|database|cloud)\b/,
  ],
  [
    "person",
    /\bwho\b|\bwhose\b|\b(?:name of the|which person|whom)\b|\b(?:which|what) (?:[\w-]+ )?(?:engineers?|designers?|developers?|employees?|founders?|co-?founders?|executives?|managers?|team members?|staff members?|hires?|researchers?|scientists?|authors?|speakers?|people)\b/,
  ],
];

const cueOf = (kind: AnswerKind) => KIND_CUES.find(([name]) => name === kind)?.[1] ?? /$^/;

/** What a number asked for is: a share, a time span, an amount of money, a count, a year, or just a number. */
function numberKindOf(asked: string): AnswerKind {
  if (cueOf("percentage").test(asked)) return "percentage";
  if (cueOf("duration").test(asked)) return "duration";
  if (/\bhow many\b|\bnumber of\b|\bcount of\b/.test(asked)) return "count";
  if (cueOf("money").test(asked)) return "money";
  if (cueOf("count").test(asked)) return "count";
  if (/\b(?:what|which|in what) year\b|\bwhen\b|\byear\b/.test(asked)) return "year";
  return "number";
}

/** Letters written apart as one word: "d-u-n-s" is "duns", "u.s." is "us". */
function spelledOut(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])\p{L}(?:[-.]\p{L}(?![\p{L}\p{N}])){2,}\.?/gu, (letters) =>
    letters.replace(/[-.]/g, ""),
  );
}

/**
 * What a role word stands beside when it is not what is asked: the pay, the e-mail, the applicants
 * or the employer of a job or a role ("the wage of its night-shift job", "how long job applicants'
 * CVs are kept", "at which firm she had a similar role").
 */
const ROLE_AS_CONTEXT =
  /\b(?:e-?mail|phone|pay|paid|salary|salaries|compensation|wage|hourly|rate|how long|how much|how many|applicants?|candidates?|postings?|openings?|listings?|ads?)\b|\b(?:which|what) (?:startup|company|companies|organi[sz]ation|firm|employer)\b/;

/** Things whose doing is what they are for, not a job: "What does its platform do?" */
const DOING_THINGS = /\b(?:product|platform|tool|app|software|service|api|feature|it|company|organi[sz]ation)\b/;

/** Whether a question asks for someone's role or title. */
function asksTitle(asked: string, aboutPerson: boolean | undefined): boolean {
  if (/\b(?:role|title|position|job|occupation)\b/.test(asked) && !ROLE_AS_CONTEXT.test(asked)) return true;
  // "What does Jane do?" asks her job; of a company it asks what the company does.
  const doing = /\bwhat does (\S+(?: \S+)?) do\b/.exec(asked);
  return doing !== null && aboutPerson !== false && !DOING_THINGS.test(doing[1] ?? "");
}

/**
 * The kind of value a question asks for, given the answer type the caller set; `aboutPerson` tells
 * a question about a person from one about a company where the words alone do not ("What does X do?").
 */
export function answerKindOf(question: string, type: ResponseType, aboutPerson?: boolean): AnswerKind {
  const asked = spelledOut(question.toLowerCase().replace(/\([^)]*\)/g, " "));
  switch (type) {
    case "BOOL":
      return "yes-no";
    case "OPTION":
    case "OPTIONS":
      return "option";
    case "URL":
      return "url";
    case "DATE":
      return asked.includes("date") || /\bday\b|\bmonth\b/.test(asked) ? "date" : "year";
    case "NUMBER":
      return numberKindOf(asked);
    case "TEXT":
      // A role or title, whatever else the question asks ("role, and where and since when").
      if (asksTitle(asked, aboutPerson)) return "title";
      // "What kind of legal entity is it?": a category ("a nonprofit public benefit corporation"), not a name.
      if (/\b(?:what|which) (?:kind|type|sort|form) of\b/.test(asked)) return "text";
      for (const [kind, cue] of KIND_CUES) {
        if (kind === "percentage" || kind === "duration" || kind === "money" || kind === "count") continue;
        if (kind === "year" || kind === "url") continue;
        if (cue.test(asked)) return kind;
      }
      return "text";
  }
}

/**
 * The kind of value an `outputSchema` field holds, read from its JSON type, format, name and
 * description ("hqCity", "founded (year)", "number of employees"); null when nothing says.
 */
export function fieldKindOf(field: {
  path: string;
  type?: string | undefined;
  format?: string | undefined;
  description?: string | undefined;
}): AnswerKind | null {
  // camelCase and snake_case names read as words: "foundedYear" is "founded year".
  const name = field.path
    .replace(/\[\d+\]/g, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[._-]+/g, " ")
    .toLowerCase();
  const words = `${name} ${field.description ?? ""}`.toLowerCase();
  if (field.format === "email") return "email";
  if (field.format === "uri" || field.format === "url") return "url";
  if (field.format === "date") return "date";
  if (field.type === "boolean") return "yes-no";
  if (field.type === "number" || field.type === "integer") {
    if (/\byear\b|\bfounded\b/.test(words)) return "year";
    if (/\b(?:employees?|headcount|staff|members?|people|customers?|users?|offices?|countries|count)\b/.test(words))
      return "count";
    const kind = numberKindOf(words);
    return kind === "number" ? null : kind;
  }
  if (field.type === "string" || field.type === undefined || field.type === "enum") {
    // A member's own name says most: "leaders[].name" is a person, "offices" are places, "title" a role.
    const segments = name.split(" ");
    const last = segments[segments.length - 1] ?? "";
    const parent = segments.slice(0, -1).join(" ");
    if (field.type !== "enum") {
      if (/^(?:title|role|position|job title)$/.test(last) || /\bjob title\b/.test(name)) return "title";
      if (
        last === "name" &&
        /\b(?:leaders?|people|persons?|team|founders?|executives?|board|members?|contacts?|employees?|staff|officers?|directors?|ceo|cto|cfo)\b/.test(
          parent,
        )
      )
        return "person";
      if (
        last === "name" &&
        /\b(?:investors?|customers?|clients?|partners?|competitors?|subsidiar(?:y|ies)|parent|company|companies|vendors?|sponsors?)\b/.test(
          parent,
        )
      )
        return "organisation";
      if (/^(?:offices?|locations?|cities|city|hq city|headquarters city)$/.test(last)) return "city";
      if (/^(?:countries|country)$/.test(last)) return "country";
      if (/^(?:integrations?|tools?|products?|stack|technologies|languages|frameworks|platforms?)$/.test(last))
        return "product";
    }
    for (const [kind, cue] of KIND_CUES) {
      if (kind === "percentage" || kind === "duration" || kind === "money" || kind === "count") continue;
      if (kind === "person" || kind === "year") continue;
      if (cue.test(words)) return kind;
    }
    if (/\b(?:ceo|cto|cfo|founder|founders|chair|director|president|name of the person)\b/.test(words)) return "person";
    // Any other name: "round name", "Name of the plan".
    if (
      field.type !== "enum" &&
      (name.endsWith(" name") ||
        name === "name" ||
        /^(?:the )?name of\b/.test((field.description ?? "").trim().toLowerCase()))
    )
      return "name";
  }
  return null;
}
