import { Queue, QueueEvents, Worker } from "bullmq";
import express from "express";

/**
 * The floor of any BullMQ gateway on this machine, as the backbone issue measured it: an Express
 * app that adds each call as a job and answers when QueueEvents reports it completed, and a worker
 * (`ROLE=worker`, another process) whose job returns `{}` at once. No auth, validation, job ids,
 * results kept or metrics.
 */
const redisUrl = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const connection = { host: redisUrl.hostname, port: Number(redisUrl.port || 6379) };
const prefix = process.env.REDIS_PREFIX ?? "bench-bare";

if (process.env.ROLE === "worker") {
  const worker = new Worker("bare", async () => "{}", { connection, prefix, concurrency: 100 });
  worker.on("ready", () => console.log("listening"));
} else {
  const queue = new Queue("bare", { connection, prefix });
  const events = new QueueEvents("bare", { connection, prefix });
  const waiting = new Map<string, (value: string) => void>();
  events.on("completed", ({ jobId, returnvalue }) => {
    waiting.get(jobId)?.(String(returnvalue));
    waiting.delete(jobId);
  });
  await events.waitUntilReady();
  let next = 0;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.post("/v1/research/company", express.json(), async (request, response) => {
    const jobId = `job-${next++}`;
    const done = new Promise<string>((resolve) => waiting.set(jobId, resolve));
    await queue.add("company", request.body, { jobId, removeOnComplete: true });
    response
      .status(200)
      .type("application/json")
      .send(await done);
  });
  app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
}
