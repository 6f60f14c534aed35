import { parentPort } from "node:worker_threads";
import { type BatchPlanInput, planBatch } from "./plan-batch.js";

/** A worker thread that plans batch bodies for the gateway (see `BatchPlanner`). */
parentPort?.on("message", (message: { id: number; input: BatchPlanInput }) => {
  try {
    parentPort?.postMessage({ id: message.id, outcome: planBatch(message.input) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
