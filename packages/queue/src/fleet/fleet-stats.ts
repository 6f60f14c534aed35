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

/** The fleet counters one job adds to: whole-number fields (HINCRBY) and fractional ones (HINCRBYFLOAT). */
export interface JobStatsIncrements {
  counts: Array<[field: string, increment: number]>;
  sums: Array<[field: string, increment: number]>;
}

/**
 * Workers have no HTTP port, so their counters live in one Redis hash (`redisKeys.metrics`) that
 * the gateway turns into Prometheus metrics. Field names are `name|label=value,...`.
 */
export function jobStatsIncrements(stats: JobStats): JobStatsIncrements {
  const counts: Array<[string, number]> = [[`jobs_total|kind=${stats.kind},outcome=${stats.outcome}`, 1]];
  // One field per job: the smallest bucket that holds it. The gateway makes the counts cumulative.
  const bound = JOB_DURATION_BUCKETS.find((upper) => stats.durationSeconds <= upper);
  if (bound !== undefined) counts.push([`job_duration_bucket|kind=${stats.kind},le=${bound}`, 1]);
  counts.push([`job_duration_count|kind=${stats.kind}`, 1]);
  if (stats.modelCalls > 0) counts.push([`model_calls_total|kind=${stats.kind}`, stats.modelCalls]);
  if (stats.promptTokens > 0) counts.push(["model_tokens_total|type=prompt", stats.promptTokens]);
  if (stats.completionTokens > 0) counts.push(["model_tokens_total|type=completion", stats.completionTokens]);
  return { counts, sums: [[`job_duration_sum|kind=${stats.kind}`, stats.durationSeconds]] };
}

/** Adds one job's figures to the fleet counters (a job that ends records them with its outcome instead). */
export function recordJobStats(redis: RedisClient, prefix: string, stats: JobStats): Promise<unknown> {
  const key = redisKeys.metrics(prefix);
  const { counts, sums } = jobStatsIncrements(stats);
  const pipeline = redis.pipeline();
  for (const [field, increment] of counts) pipeline.hincrby(key, field, increment);
  for (const [field, increment] of sums) pipeline.hincrbyfloat(key, field, increment);
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
