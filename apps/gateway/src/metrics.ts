import { countUnfedBatchItems, JOB_DURATION_BUCKETS, type RedisClient, readFleetCounters } from "@dossier/queue";
import type { Queue } from "bullmq";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { clusterMetricsOf } from "./cluster-metrics.js";

/** The gateway's own metrics plus the fleet's counters that workers keep in Redis. */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<"method" | "route" | "status">;
  readonly requestDuration: Histogram<"route">;
  /** Batch bodies being parsed and checked now, off the event loop. */
  readonly batchBodiesPlanning: Gauge;
  /** The gateway's own metrics as Prometheus text: this process's, or every gateway process's totals. */
  private readonly ownMetrics: () => Promise<string>;

  /** With `clustered` (a child of `GATEWAY_PROCESSES` > 1), the gateway's own metrics are totals over every child. */
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly queue: Queue,
    options: { clustered: boolean } = { clustered: false },
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: "dossier_gateway_" });
    this.requests = new Counter({
      name: "dossier_http_requests_total",
      help: "HTTP requests answered, by route and status.",
      labelNames: ["method", "route", "status"],
      registers: [this.registry],
    });
    this.requestDuration = new Histogram({
      name: "dossier_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route.",
      labelNames: ["route"],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers: [this.registry],
    });
    this.batchBodiesPlanning = new Gauge({
      name: "dossier_batch_bodies_planning",
      help: "Batch bodies being parsed and checked now, in the gateway's planning thread.",
      registers: [this.registry],
    });
    this.ownMetrics = options.clustered ? clusterMetricsOf(this.registry) : () => this.registry.metrics();
  }

  /** Prometheus text: gateway metrics, then queue depth and fleet counters read now. */
  async render(): Promise<string> {
    const own = await this.ownMetrics();
    const lines: string[] = [];
    try {
      const counts = await this.queue.getJobCounts("waiting", "prioritized", "active", "delayed", "failed");
      lines.push("# HELP dossier_queue_jobs Research jobs in the queue, by state.", "# TYPE dossier_queue_jobs gauge");
      for (const [state, count] of Object.entries(counts)) lines.push(`dossier_queue_jobs{state="${state}"} ${count}`);
      // Every Dossier job has a priority, so BullMQ keeps waiting jobs in its `prioritized` sorted set
      // rather than the `wait` list; batch items beyond BATCH_FEED_AHEAD are not in the queue yet.
      const unfed = await countUnfedBatchItems(this.redis, this.prefix);
      const outstanding = (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.active ?? 0) + unfed;
      lines.push(
        "# HELP dossier_jobs_outstanding Research jobs running or waiting, with batch items not yet queued: what the worker autoscaler divides among workers.",
        "# TYPE dossier_jobs_outstanding gauge",
        `dossier_jobs_outstanding ${outstanding}`,
      );
      const fleet = await readFleetCounters(this.redis, this.prefix);
      lines.push(...renderFleet(fleet));
    } catch {
      lines.push("# queue and fleet metrics unavailable: Redis unreachable");
    }
    return `${own}${lines.join("\n")}\n`;
  }
}

function labelText(labels: Record<string, string>): string {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([key, value]) => `${key}="${value}"`).join(",")}}` : "";
}

function renderFleet(fleet: Awaited<ReturnType<typeof readFleetCounters>>): string[] {
  const lines: string[] = [];
  const counter = (name: string, metric: string, help: string) => {
    const entries = fleet.get(name);
    if (!entries) return;
    lines.push(`# HELP ${metric} ${help}`, `# TYPE ${metric} counter`);
    for (const { labels, value } of entries) lines.push(`${metric}${labelText(labels)} ${value}`);
  };
  counter("jobs_total", "dossier_jobs_total", "Research jobs finished by the worker fleet, by kind and outcome.");
  counter("model_calls_total", "dossier_model_calls_total", "Chat Completions calls made by the worker fleet.");
  counter("model_tokens_total", "dossier_model_tokens_total", "Model tokens used by the worker fleet, by type.");
  const buckets = fleet.get("job_duration_bucket") ?? [];
  const sums = fleet.get("job_duration_sum") ?? [];
  const counts = fleet.get("job_duration_count") ?? [];
  if (counts.length) {
    lines.push(
      "# HELP dossier_job_duration_seconds Research job duration in the worker.",
      "# TYPE dossier_job_duration_seconds histogram",
    );
    for (const { labels, value: count } of counts) {
      let cumulative = 0;
      for (const bound of JOB_DURATION_BUCKETS) {
        const bucket = buckets.find((entry) => entry.labels.kind === labels.kind && Number(entry.labels.le) === bound);
        cumulative += bucket?.value ?? 0;
        lines.push(`dossier_job_duration_seconds_bucket{kind="${labels.kind}",le="${bound}"} ${cumulative}`);
      }
      lines.push(`dossier_job_duration_seconds_bucket{kind="${labels.kind}",le="+Inf"} ${count}`);
      const sum = sums.find((entry) => entry.labels.kind === labels.kind)?.value ?? 0;
      lines.push(
        `dossier_job_duration_seconds_sum{kind="${labels.kind}"} ${sum}`,
        `dossier_job_duration_seconds_count{kind="${labels.kind}"} ${count}`,
      );
    }
  }
  return lines;
}
