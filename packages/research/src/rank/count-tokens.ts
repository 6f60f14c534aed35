import { encode } from "gpt-tokenizer/encoding/cl100k_base";

/**
 * Tokens in `text` under the cl100k_base encoding (GPT-4 and GPT-3.5 family). Other models,
 * local ones included, tokenise a little differently; budgets leave headroom for that rather than
 * pretend to be exact. cl100k_base is chosen over o200k_base for its footprint: its tables cost a
 * worker about 25 MB of memory instead of about 63 MB, for counts within 1 % on English pages.
 */
export function countTokens(text: string): number {
  return encode(text).length;
}
