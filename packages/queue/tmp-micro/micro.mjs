// micro: the worker's own Redis work for one finished no-evidence job, base vs new
import { Redis } from "ioredis";

const which = process.argv[2];
const N = Number(process.argv[3] ?? 3000);
const C = 50;
const root = which === "base" ? "/tmp/wt-base/packages/queue/dist" : "/work/wt-queue/packages/queue/dist";
const ev = await import(`${root}/events/job-event-log.js`);
const notices = await import(`${root}/jobs/job-notices.js`);
const fleet = await import(`${root}/fleet/fleet-stats.js`);
const usageMod = await import(`${root}/usage/usage-ledger.js`);
const redis = new Redis("redis://127.0.0.1:6379", { enableAutoPipelining: true });
const prefix = `micro-${which}-${process.pid}`;
const body = JSON.stringify({
  answerText: "The evidence does not say.",
  details: "x".repeat(200),
  sources: [],
  confidence: 0,
  citations: [],
  usage: {
    modelCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    searches: 1,
    pagesFetched: 0,
    pagesFromCache: 0,
    durationMs: 3,
  },
});
const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, searches: 1, pagesFetched: 0, pagesFromCache: 0 };
async function job(i) {
  const id = `job-${i}`;
  const stats = fleet.jobStatsIncrements({ kind: "company", outcome: "completed", durationSeconds: 0.003, ...usage });
  if (which === "base") {
    await ev.appendJobEvent(redis, prefix, id, "searching", "{}");
    await ev.appendJobEvent(redis, prefix, id, "reading", '{"pages":0}');
    await ev.appendJobEvent(redis, prefix, id, "reading", '{"pages":0}');
    void usageMod.recordRunUsage(redis, prefix, "key", usage);
    await notices.announceJobEnd(redis, prefix, id, { status: "done", body }, 60, stats);
    await ev.appendJobEvent(redis, prefix, id, "done", body);
  } else {
    await ev.appendJobEvent(redis, prefix, id, "searching", "{}");
    await ev.appendJobEvent(redis, prefix, id, "reading", '{"pages":0}', true);
    await notices.announceJobEnd(redis, prefix, id, { status: "done", body }, 60, {
      ...stats,
      usage: usageMod.runUsageIncrements(prefix, "key", usage),
    });
  }
}
const redisCpu = async () => {
  const info = await redis.info("cpu");
  return Number(/used_cpu_user:([\d.]+)/.exec(info)[1]) + Number(/used_cpu_sys:([\d.]+)/.exec(info)[1]);
};
await job(-1);
const r0 = await redisCpu();
const c0 = process.cpuUsage();
const t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: C }, async () => {
    while (next < N) await job(next++);
  }),
);
const c1 = process.cpuUsage(c0);
const r1 = await redisCpu();
console.log(
  `${which}: node ${(((c1.user + c1.system) / 1000 / N) * 1000).toFixed(1)} us/job, redis(all clients) ${(((r1 - r0) * 1e6) / N).toFixed(1)} us/job, wall ${(((performance.now() - t0) / N) * 1000).toFixed(1)} us/job`,
);
const keys = await redis.keys(`${prefix}*`);
for (let i = 0; i < keys.length; i += 500) await redis.del(...keys.slice(i, i + 500));
redis.disconnect();
