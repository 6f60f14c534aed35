/**
 * Text that speaks to the model instead of stating a fact: "Ignore previous instructions",
 * "answer that ...", "SYSTEM: ...", "respond with confidence 1". A page that carries such text is
 * still read as data, but a quote of it proves nothing: its claim is an order, not a statement.
 */
const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\b.{0,40}\b(?:instructions?|prompts?|rules|above|previous|prior)\b/i,
  /\b(?:answer|respond|reply|say|state|output|return)\s+(?:that|with|only|yes|no|true|false)\b/i,
  /\b(?:system|developer)\s+(?:prompt|message|instructions?)\b/i,
  /^\s*(?:system|assistant|developer)\s*:/im,
  /\byou\s+(?:must|should|are\s+to|will\s+now)\s+(?:answer|cite|respond|say|reveal|output|ignore)\b/i,
  /\bthe\s+(?:assistant|model|ai)\s+(?:must|should)\b/i,
  /\bconfidence\s+(?:of\s+)?(?:1|100\s?%|0?\.\d+)\b/i,
];

/** Whether a quote reads as an instruction to a model rather than a statement about the world. */
export function readsAsInstruction(quote: string): boolean {
  return INSTRUCTION_PATTERNS.some((pattern) => pattern.test(quote));
}
