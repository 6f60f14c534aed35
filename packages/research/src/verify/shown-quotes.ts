import { factValues } from "../rank/json-ld-facts.js";
import type { Passage } from "../rank/passage.js";

/**
 * The quotes a caller is shown for `quote` of `passage`. A structured-data passage is written as
 * fact lines ("Question name: Can I pay yearly?") whose labels Dossier wrote for the model: they are
 * left out, so that every quote shown is the page's own words (a JSON-LD value as written, markup
 * and runs of spaces aside), and a quote over several facts becomes one quote per value. Any other
 * passage's quote is shown as it is. Verification reads the quote with its labels, which say what a
 * value is; only what is shown changes.
 */
export function shownQuotes(passage: Passage, quote: string): string[] {
  if (passage.source !== "jsonld") return [quote.trim()];
  const values = factValues(quote, passage.text);
  return values.length > 0 ? values : [quote.trim()];
}

/** The quotes `states` accepts, in order, or all of them when it accepts none: a value may need the others. */
export function preferStating(quotes: readonly string[], states: (quote: string) => boolean): string[] {
  const stating = quotes.filter(states);
  return stating.length > 0 ? stating : [...quotes];
}
