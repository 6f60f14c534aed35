import * as z from "zod";
import { apiRegistry } from "./registry.js";

/** How much work a research run may do, from least to most. */
export const effortLevels = ["lite", "standard", "deep"] as const;

export const effortSchema = z.enum(effortLevels).register(apiRegistry, {
  id: "Effort",
  description: [
    "How much work the research may do (docs/api.md gives each tier's pages, latency and tokens):",
    "`lite`: search snippets and the subject's home page, no crawl, one model call;",
    "`standard` (default): search, the subject's own site crawled to the pages most likely to answer, the best search results, one model call;",
    "`deep`: more queries and pages, a second look always, and a second model call that checks the answer against the passages.",
  ].join(" "),
});

export type Effort = z.infer<typeof effortSchema>;

/**
 * Model tokens (prompt and completion) a run of each tier typically spends, to refuse a batch up
 * front that would pass a key's monthly token limit. docs/api.md gives the measurement behind them.
 */
export const TYPICAL_RUN_TOKENS: Record<Effort, number> = { lite: 1_500, standard: 3_000, deep: 7_000 };
