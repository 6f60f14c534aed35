/** Endings of a noun for who does a thing: "founder", "investor", "economist". */
const AGENT = /(?:er|or|ist)$/;
/** Endings of a noun for the act or the thing made: "foundation", "investment", "direction". */
const ACT_OR_THING = /(?:ation|ition|ion|ment|ance|ence)$/;

/**
 * Whether two stems share a word's first five letters ("certified" and "certification"), unless one
 * names who does a thing and the other the act or the thing made: a founder is not a foundation, a
 * director not a direction, an investor not an investment.
 */
export function shareFiveLetters(left: string, right: string): boolean {
  if (left.length < 5 || right.length < 5 || left.slice(0, 5) !== right.slice(0, 5)) return false;
  return !((AGENT.test(left) && ACT_OR_THING.test(right)) || (AGENT.test(right) && ACT_OR_THING.test(left)));
}
