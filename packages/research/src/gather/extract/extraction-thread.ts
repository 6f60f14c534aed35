import { parentPort } from "node:worker_threads";
import { extractPage } from "./extract-page.js";
import type { ExtractInput } from "./extracted-page.js";

/** One page to extract, as the pool sends it. */
export interface ExtractionTask {
  id: number;
  input: ExtractInput;
}

/** The thread's answer: the page, or why extraction failed. */
export type ExtractionResult = { id: number; page: ReturnType<typeof extractPage> } | { id: number; error: string };

// The thread of an ExtractionPool: extracts the pages it is sent, one at a time.
parentPort?.on("message", (task: ExtractionTask) => {
  let result: ExtractionResult;
  try {
    result = { id: task.id, page: extractPage(task.input) };
  } catch (error) {
    result = { id: task.id, error: (error as Error).message };
  }
  parentPort?.postMessage(result);
});
