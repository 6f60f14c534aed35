import {
  type EnrichmentCase,
  type FakeChatResponder,
  type ListCase,
  type OutputSchemaCase,
  type ResearchCase,
  weakReaderResponder,
} from "@dossier/testing";
import { createOracleResponder } from "./oracle-responder.js";

/** The fake models `pnpm eval` can answer with. */
export const responderNames = ["oracle", "weak"] as const;

export type ResponderName = (typeof responderNames)[number];

/** What answered a run: one of the fakes, or a real model at `--model-url`. */
export type AnsweredBy = ResponderName | "model";

/** How the report's header names each fake. */
export const responderTitles: Record<ResponderName, string> = {
  oracle: "oracle responder (answers only by citing the proving passage)",
  weak: "weak reader responder (answers from the sentence sharing most words with the question, knowing no answer)",
};

/** The fake that answers a set's model calls: the oracle knows the set's cases, the weak reader none. */
export function createEvalResponder(
  name: ResponderName,
  cases: {
    research: readonly ResearchCase[];
    enrichment: readonly EnrichmentCase[];
    objects: readonly OutputSchemaCase[];
    /** List cases: the oracle knows their ground truth; the weak reader knows none. */
    lists?: readonly ListCase[];
  },
): FakeChatResponder {
  return name === "weak"
    ? weakReaderResponder
    : createOracleResponder(cases.research, cases.enrichment, cases.objects, cases.lists ?? []);
}
