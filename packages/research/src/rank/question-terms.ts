import { initialismsOfPhrases } from "../text/initialisms.js";
import { legalWords } from "../text/legal-terms.js";
import { titleEquivalents } from "../text/title-abbreviations.js";
import { tokenize } from "./tokenize.js";

/**
 * Words a page uses for what a question asks, in plain English: titles spelled out ("CMO" is
 * "Chief Marketing Officer" on a team page), and the usual other words for a founding, a head
 * count, a price or a headquarters. A page rarely repeats the asker's word: "How many employees?"
 * is answered by "a team of 10". These are language, not any site's wording.
 */
const RELATED_WORDS: Record<string, string> = {
  ceo: "chief executive officer founder",
  cto: "chief technology officer technical",
  cfo: "chief financial officer finance",
  coo: "chief operating officer operations",
  cmo: "chief marketing officer marketing",
  cpo: "chief product officer product",
  cro: "chief revenue officer revenue",
  ciso: "chief information security officer security",
  cio: "chief information officer",
  vp: "vice president",
  hq: "headquarters headquartered based",
  headquarters: "headquartered based located office",
  headquartered: "headquarters based located office",
  based: "headquartered located office",
  located: "based headquartered office location",
  employees: "team people staff employ headcount members",
  employee: "team people staff employ headcount",
  headcount: "team people employees staff",
  staff: "team people employees",
  people: "team employees staff",
  // The asker's short form: "how many ppl work there?"
  ppl: "people team employees staff",
  founded: "started established launched founder began",
  found: "started established launched founder",
  started: "founded established launched began",
  founder: "founded co-founder started",
  founders: "founded co-founder started",
  price: "priced pricing cost costs plan month",
  pricing: "price priced cost plan",
  cost: "price priced costs pricing month",
  costs: "price priced cost pricing",
  cheapest: "lowest starter starts basic price",
  plan: "plans tier pricing subscription",
  funding: "funded raised investors investment venture capital",
  funded: "funding raised investors investment",
  investors: "investor invested investment funded backed",
  vc: "venture capital investors investment funded funding",
  backed: "investors investment funded funding venture",
  bootstrapped: "self-funded funded investors profitable",
  investment: "investors invested funded funding raised",
  raised: "funding round investors",
  revenue: "arr sales income",
  hiring: "hire jobs careers openings positions join",
  jobs: "hiring careers openings positions",
  customers: "customer clients users",
  clients: "customers users",
  certified: "certification compliant compliance audit",
  compliant: "compliance certified",
  hosted: "hosting servers data centre center region",
  hosting: "hosted servers data centre center",
  stored: "storage hosted servers kept",
  store: "stored storage hosted servers kept",
  stores: "stored storage hosted servers kept",
  keep: "kept stored retained retention",
  charity: "charities nonprofit nonprofits non-profit",
  charities: "charity nonprofit nonprofits non-profit",
  nonprofit: "nonprofits non-profit charity charities",
  nonprofits: "nonprofit non-profit charity charities",
  discount: "discounted off percent",
  off: "discount discounted",
  charge: "charges charging paid price pricing subscription",
  charging: "charge charges paid price pricing subscription subscriptions",
  email: "e-mail contact",
  phone: "telephone contact",
  joined: "joining started since",
  title: "role position",
  role: "title position responsible",
  work: "based located works",
  remote: "remote-first distributed anywhere",
  vacation: "pto time off leave holidays",
  pto: "vacation time off leave",
  subsidiary: "entity entities subsidiaries",
  hr: "human resources people",
  cloud: "hosting hosted hosts servers data centre center region",
  heads: "head lead vp director chief",
  leads: "head lead vp director chief",
  runs: "head lead vp director chief",
  oversees: "head lead vp director chief",
  paying: "pay payment payments card billing",
  payment: "pay paying payments card billing",
  payments: "pay paying payment card billing",
  // A change asked in one verb is said in another: "do they cut prices?" by "prices will not decrease".
  cut: "decrease reduce lower",
  cuts: "decrease reduce lower",
  reduce: "decrease cut lower",
  lower: "decrease reduce cut",
  decrease: "reduce cut lower",
  fall: "falls down decrease drop decline",
  falls: "fall down decrease drop decline",
  drop: "drops down decrease fall decline",
  drops: "drop down decrease fall decline",
  increase: "increases grow rise up",
};

/** The words pages use for `word` (lowercase), or none. */
export function relatedWords(word: string): string[] {
  return RELATED_WORDS[word.toLowerCase()]?.split(" ") ?? [];
}

/** A weighted search term of a question: its own words weigh 1, related words less. */
export interface QuestionTerm {
  term: string;
  weight: number;
}

/** Weight of a related word against the question's own word. */
const RELATED_WEIGHT = 0.4;

/**
 * The question's terms for ranking: its own words (stemmed), then the related words of each
 * (legal pages' words for an identifier's: "HRB" for a register), weighted lower. A title asked in full also looks for its short form, weighing as much as the
 * title's words together ("CTO" on a card is the whole "chief technology officer"); a short form
 * asked looks for the title's words like any related word.
 */
export function questionTerms(question: string): QuestionTerm[] {
  const own = [...new Set(tokenize(question))];
  const terms = new Map<string, number>(own.map((term) => [term, 1]));
  const rawWords = question.toLowerCase().match(/[\p{L}\p{N}-]+/gu) ?? [];
  for (const word of rawWords) {
    // A hyphenated word's parts have their own: "VC-backed" is backed by venture capital.
    const parts = word.includes("-") ? word.split("-").filter(Boolean) : [];
    const related = [
      RELATED_WORDS[word] ?? "",
      ...parts.map((part) => RELATED_WORDS[part] ?? ""),
      ...legalWords(word),
    ].join(" ");
    for (const term of tokenize(related)) if (!terms.has(term)) terms.set(term, RELATED_WEIGHT);
  }
  // A phrase spelled out is also its short form, weighing as much as the phrase: "CDN" for "content delivery network".
  for (const { initialism, words } of initialismsOfPhrases(question)) {
    for (const term of tokenize(initialism)) if ((terms.get(term) ?? 0) < words) terms.set(term, words);
  }
  for (const { written, other } of titleEquivalents(question)) {
    const spelledOut = written.includes(" ");
    const weight = spelledOut ? tokenize(written).length : RELATED_WEIGHT;
    for (const term of tokenize(other)) if ((terms.get(term) ?? 0) < weight) terms.set(term, weight);
  }
  return [...terms].map(([term, weight]) => ({ term, weight }));
}
