/**
 * Initialisms and the phrases they stand for, read from the text itself rather than from a list:
 * a question's "content delivery network" is a page's "CDN", a question's "BAA" is a page's
 * "Business Associate Addendum". Pages define their own short forms, and no list keeps up with
 * every trade's; what holds everywhere is that the short form is the phrase's first letters.
 */

/** Words a phrase skips in its short form: "Department of Defense" is "DoD" or "DD". */
const LINKING = new Set(["of", "and", "for", "the", "&", "on", "in", "to"]);

/** Words of a question that are never part of the phrase a short form stands for. */
const NOT_IN_PHRASE = new Set(
  (
    "what which who whom whose when where why how does do did is are was were has have had will would can could " +
    "should may might the a an this that these those its their our your his her they them we you it there any some " +
    "with from into about use uses used using get gets give gives offer offers sign signs run runs per"
  ).split(" "),
);

/** The first letters of words, lower-cased: ["content", "delivery", "network"] is "cdn". */
const initialsOf = (words: readonly string[]) =>
  words
    .map((word) => word[0] ?? "")
    .join("")
    .toLowerCase();

/**
 * Short forms of the phrases a question spells out: every run of three to five words that are
 * not question words gives its initials ("content delivery network" gives "cdn"). Pages that
 * write the short form answer the question in it.
 */
export function initialismsOfPhrases(text: string): Array<{ initialism: string; words: number }> {
  const found = new Map<string, number>();
  for (const clause of text.split(/[^\p{L}\p{N}\s'-]+/u)) {
    const words = clause
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => /^\p{L}/u.test(word));
    let run: string[] = [];
    const flush = () => {
      for (let size = 3; size <= 5; size += 1)
        for (let start = 0; start + size <= run.length; start += 1) {
          const initialism = initialsOf(run.slice(start, start + size));
          if (!found.has(initialism)) found.set(initialism, size);
        }
      run = [];
    };
    for (const word of words) {
      if (NOT_IN_PHRASE.has(word) || word.length < 3) flush();
      // Each part of a hyphenated word has its letter: "single sign-on" is "SSO".
      else run.push(...word.split("-").filter(Boolean));
    }
    flush();
  }
  return [...found].map(([initialism, words]) => ({ initialism, words }));
}

/**
 * Short forms a text spells out in capitalised words: "Business Associate Addendum" gives "baa",
 * "Health Insurance Portability and Accountability Act" gives "hipaa" (and "hipaaa", the linking
 * word kept). Runs of two to six capitalised words; linking words inside a run are skipped or kept.
 */
export function initialismsOfNames(text: string): Set<string> {
  const found = new Set<string>();
  const add = (run: readonly string[]) => {
    while (run.length > 0 && LINKING.has(run[run.length - 1]!.toLowerCase())) run = run.slice(0, -1);
    for (let start = 0; start < run.length; start += 1) {
      if (LINKING.has(run[start]!.toLowerCase())) continue;
      for (let end = start + 2; end <= Math.min(run.length, start + 8); end += 1) {
        const words = run.slice(start, end);
        if (LINKING.has(words[words.length - 1]!.toLowerCase())) continue;
        const named = words.filter((word) => !LINKING.has(word.toLowerCase()));
        if (named.length < 2 || named.length > 6) continue;
        found.add(initialsOf(named));
        if (named.length !== words.length) found.add(initialsOf(words));
      }
    }
  };
  let run: string[] = [];
  for (const raw of text.split(/\s+/)) {
    // A run ends at a comma, a stop or a closing bracket: "Germany): server" is two runs.
    const ends = /[,.;:!?)"”’\]]$/.test(raw);
    const clean = raw.replace(/^[("“'‘[]+/, "").replace(/[,.;:!?)"”'’\]]+$/, "");
    if (/^\p{Lu}[\p{L}-]*$/u.test(clean) || (run.length > 0 && LINKING.has(clean.toLowerCase()))) {
      run.push(clean);
      if (ends) {
        add(run);
        run = [];
      }
    } else {
      add(run);
      run = [];
    }
  }
  add(run);
  return found;
}
