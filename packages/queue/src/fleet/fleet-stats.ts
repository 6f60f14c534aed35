import { redisKeys } from "../names.js";
import type { RedisClient } from "../redis-connection.js";

/** Upper bounds (seconds) of the job duration histogram buckets. */
export const JOB_DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120] as const;

/** What a worker adds to the fleet-wide counters after one job. */
export interface JobStats {
  kind: string;
  /** `completed` or the failure code. */
  outcome: string;
  durationSeconds: number;
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
}

/**
 * Workers have no HTTP port, so their counters live in one Redis hash that the gateway turns into
 * Prometheus metrics. Field names are `name|label=value,...`.
 */
export function recordJobStats(redis: RedisClient, prefix: string, stats: JobStats): Promise<unknown> {
  const key = redisKeys.metrics(prefix);
  const pipeline = redis.pipeline();
  pipeline.hincrby(key, `jobs_total|kind=${stats.kind},outcome=${stats.outcome}`, 1);
  // One field per job: the smallest bucket that holds it. The gateway makes the counts cumulative.
  const bound = JOB_DURATION_BUCKETS.find((upper) => stats.durationSeconds <= upper);
  if (bound !== undefined) pipeline.hincrby(key, `job_duration_bucket|kind=${stats.kind},le=${bound}`, 1);
  pipeline.hincrbyfloat(key, `job_duration_sum|kind=${stats.kind}`, stats.durationSeconds);
  pipeline.hincrby(key, `job_duration_count|kind=${stats.kind}`, 1);
  if (stats.modelCalls > 0) pipeline.hincrby(key, `model_calls_total|kind=${stats.kind}`, stats.modelCalls);
  if (stats.promptTokens > 0) pipeline.hincrby(key, `model_tokens_total|type=prompt`, stats.promptTokens);
  if (stats.completionTokens > 0) pipeline.hincrby(key, `model_tokens_total|type=completion`, stats.completionTokens);
  return pipeline.exec();
}

/** Parsed fleet counters: metric name to a list of (labels, value). */
export type FleetCounters = Map<string, Array<{ labels: Record<string, string>; value: number }>>;

export async function readFleetCounters(redis: RedisClient, prefix: string): Promise<FleetCounters> {
  const raw = await redis.hgetall(redisKeys.metrics(prefix));
  const counters: FleetCounters = new Map();
  for (const [field, value] of Object.entries(raw)) {
    const [name, labelText = ""] = field.split("|");
    const labels: Record<string, string> = {};
    for (const pair of labelText.split(",").filter(Boolean)) {
      const [label, labelValue = ""] = pair.split("=");
      labels[label!] = labelValue;
    }
    const list = counters.get(name!) ?? [];
    list.push({ labels, value: Number(value) });
    counters.set(name!, list);
  }
  return counters;
}
