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
 * front that would pass a key's monthly token limit: the mean per research call of
 * `pnpm eval --set realweb --effort <tier>` (135 cases on saved real sites; 1,042, 5,182 and
 * 10,097 tokens as cl100k_base counts them), rounded to hundreds. Real pages fill the prompt budget;
 * the fixture sites' short pages cost about a third (docs/api.md, "Effort tiers"), and an estimate
 * taken from them would let a batch run past its key's limit.
 */
export const TYPICAL_RUN_TOKENS: Record<Effort, number> = { lite: 1_100, standard: 5_200, deep: 10_100 };
