/** Endings of a noun for who does a thing: "founder", "investor", "economist". */
const AGENT = /(?:er|or|ist)$/;
/** Endings of a noun for the act or the thing made: "foundation", "investment", "direction". */
const ACT_OR_THING = /(?:ation|ition|ion|ment|ance|ence)$/;

/** Prefixes of five letters that open many unrelated words: "intern" and "interest", "transit" and "translate". */
const PREFIX = /^(?:inter|intra|trans|under|super|hyper|multi|micro|macro|extra|ultra)/;
/** Endings that make another form of the same word: "intern" and "internship", "interview" and "interviewer". */
const FORM_ENDING = /^(?:s|es|e?d|ing|ship|e?rs?|ly)$/;

/**
 * Whether two stems share a word's first five letters ("certified" and "certification"), unless one
 * names who does a thing and the other the act or the thing made: a founder is not a foundation, a
 * director not a direction, an investor not an investment. Where the five letters are only a
 * prefix, one word must be the other with an ending: an intern is not an interest.
 */
export function shareFiveLetters(left: string, right: string): boolean {
  if (left.length < 5 || right.length < 5 || left.slice(0, 5) !== right.slice(0, 5)) return false;
  if (PREFIX.test(left) && left !== right) {
    const [short, long] = left.length < right.length ? [left, right] : [right, left];
    return long.startsWith(short) && FORM_ENDING.test(long.slice(short.length));
  }
  return !((AGENT.test(left) && ACT_OR_THING.test(right)) || (AGENT.test(right) && ACT_OR_THING.test(left)));
}
