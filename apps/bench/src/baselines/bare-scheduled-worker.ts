import { Worker } from "bullmq";

/**
 * The floor of a scheduled job on this machine: a bare BullMQ worker on the queue of the bare job
 * schedulers (`QUEUE`), whose job returns `{}` at once. No watch, lock, quota, research or record.
 */
const redisUrl = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const connection = { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) };
const worker = new Worker(process.env.QUEUE ?? "bare-scheduled", async () => "{}", {
  connection,
  prefix: process.env.REDIS_PREFIX ?? "bench-bare",
  concurrency: 20,
});
worker.on("ready", () => console.log("listening"));
