/**
 * Job titles, roles and functions with the short forms team pages and directories write for them:
 * "CTO" on a card answers "Who is the chief technology officer?", "VP Operations" answers "Is she a
 * vice president?". Language, not any site's wording; one short form may stand for several titles
 * ("CPO": product or people). Lowercase, words separated by single spaces.
 */
const TITLE_ABBREVIATIONS: ReadonlyArray<readonly [short: string, long: string]> = [
  ["ceo", "chief executive officer"],
  ["ceo", "chief executive"],
  ["cto", "chief technology officer"],
  ["cto", "chief technical officer"],
  ["cfo", "chief financial officer"],
  ["coo", "chief operating officer"],
  ["cmo", "chief marketing officer"],
  ["cpo", "chief product officer"],
  ["cpo", "chief people officer"],
  ["cro", "chief revenue officer"],
  ["cio", "chief information officer"],
  ["ciso", "chief information security officer"],
  ["cso", "chief security officer"],
  ["cso", "chief strategy officer"],
  ["cdo", "chief data officer"],
  ["cco", "chief commercial officer"],
  ["cco", "chief customer officer"],
  ["chro", "chief human resources officer"],
  ["cao", "chief administrative officer"],
  ["clo", "chief legal officer"],
  ["vp", "vice president"],
  ["svp", "senior vice president"],
  ["evp", "executive vice president"],
  ["avp", "assistant vice president"],
  ["md", "managing director"],
  ["ed", "executive director"],
  ["gm", "general manager"],
  ["gc", "general counsel"],
  ["dpo", "data protection officer"],
  ["hr", "human resources"],
  ["pr", "public relations"],
  ["pm", "product manager"],
  ["em", "engineering manager"],
  ["sre", "site reliability engineer"],
  ["qa", "quality assurance"],
  ["ux", "user experience"],
  ["devrel", "developer relations"],
  ["cofounder", "co founder"],
];

/** Words of a text as the table writes them: lowercase letters and digits, hyphens and punctuation as spaces. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function holdsRun(words: readonly string[], run: readonly string[]): boolean {
  outer: for (let start = 0; start + run.length <= words.length; start += 1) {
    for (let offset = 0; offset < run.length; offset += 1) if (words[start + offset] !== run[offset]) continue outer;
    return true;
  }
  return false;
}

/** One title a text names, in the form it used and the other form a page may use instead. */
export interface TitleEquivalent {
  /** The title as the text wrote it, in the table's words ("chief technology officer", "cto"). */
  written: string;
  /** The other form ("cto" for "chief technology officer", the spelled-out title for "cto"). */
  other: string;
}

/**
 * The titles `text` names, each with the form a page may write instead: the short form of a
 * spelled-out title, the spelled-out titles of a short form (a whole word, in any case).
 */
export function titleEquivalents(text: string): TitleEquivalent[] {
  const words = wordsOf(text);
  const found: TitleEquivalent[] = [];
  for (const [short, long] of TITLE_ABBREVIATIONS) {
    if (holdsRun(words, long.split(" "))) found.push({ written: long, other: short });
    else if (words.includes(short)) found.push({ written: short, other: long });
  }
  return found;
}
