import { setTimeout as sleep } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";
import { Client } from "undici";

/**
 * `GET /healthz` every few milliseconds on one keep-alive connection, in a thread of its own so that
 * the benchmark's main thread (which builds and sends 32 MB bodies) cannot delay a poll or its
 * timing. Told "stop", it posts back every poll and ends.
 */

/** One poll: when it was sent and answered (`performance.timeOrigin + performance.now()`, ms), and its status (0: failed). */
export interface HealthzPoll {
  sentAt: number;
  answeredAt: number;
  status: number;
}

/** What the thread is started with. */
export interface HealthzPollerData {
  origin: string;
  /** A poll is sent this long after the previous one was sent, or at once when that one took longer. */
  intervalMs: number;
}

const now = () => performance.timeOrigin + performance.now();

if (parentPort) {
  const port = parentPort;
  const { origin, intervalMs } = workerData as HealthzPollerData;
  const client = new Client(origin, { pipelining: 1, keepAliveTimeout: 60_000 });
  const polls: HealthzPoll[] = [];
  let stopped = false;
  port.on("message", (message) => {
    if (message === "stop") stopped = true;
  });
  while (!stopped) {
    const sentAt = now();
    let status = 0;
    try {
      const response = await client.request({ method: "GET", path: "/healthz" });
      await response.body.arrayBuffer();
      status = response.statusCode;
    } catch {
      status = 0;
    }
    const answeredAt = now();
    polls.push({ sentAt, answeredAt, status });
    const wait = sentAt + intervalMs - answeredAt;
    // Always yield, so that the "stop" message is read even when polls take longer than the interval.
    await sleep(Math.max(0, wait));
  }
  await client.close().catch(() => {});
  port.postMessage(polls);
}
