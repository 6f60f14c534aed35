import { encode } from "gpt-tokenizer";

/**
 * Tokens in `text` under the o200k_base encoding (GPT-4o family). Other models tokenise a little
 * differently; budgets leave headroom for that rather than pretend to be exact.
 */
export function countTokens(text: string): number {
  return encode(text).length;
}
