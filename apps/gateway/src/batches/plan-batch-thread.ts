import { parentPort } from "node:worker_threads";
import { preparedBatchBuffers } from "@dossier/queue";
import { type BatchPlanInput, planBatch } from "./plan-batch.js";

/** A worker thread that plans batch bodies for the gateway (see `BatchPlanner`). */
parentPort?.on("message", (message: { id: number; input: BatchPlanInput }) => {
  try {
    const outcome = planBatch(message.input);
    // The planned batch's packed texts move to the event loop's thread rather than being copied.
    parentPort?.postMessage(
      { id: message.id, outcome },
      outcome.ok ? preparedBatchBuffers(outcome.batch.prepared) : [],
    );
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
