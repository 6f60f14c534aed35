import cluster from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";

/**
 * The gateway's own metrics (requests, durations, the process's CPU and memory) live in each
 * process. With several gateway processes a scrape reaches one of them, which asks the supervising
 * process for the totals: it collects every child's registry (prom-client's AggregatorRegistry,
 * over the cluster's IPC channel) and sums them.
 */
const REQUEST = "dossier:cluster-metrics-request";
const RESPONSE = "dossier:cluster-metrics-response";

interface MetricsMessage {
  type: typeof REQUEST | typeof RESPONSE;
  id: number;
  text?: string;
  error?: string;
}

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === "object" && message !== null && "type" in message && "id" in message;

/** In the supervising process: answers the children's requests for the totals of every child. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isMetricsMessage(message) || message.type !== REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: RESPONSE, id: message.id, text } satisfies MetricsMessage),
      (error: unknown) =>
        worker.send({ type: RESPONSE, id: message.id, error: (error as Error).message } satisfies MetricsMessage),
    );
  });
}

/** How long a child waits for the totals, in milliseconds (prom-client gives up on a silent child after 5 s). */
const TOTALS_TIMEOUT_MS = 6_000;

/** In a child: lets the supervisor collect `registry`, and returns how to ask it for the totals. */
export function clusterMetricsOf(registry: Registry): () => Promise<string> {
  // Constructing one makes prom-client answer the supervisor's collection requests in this child.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on("message", (message: unknown) => {
    if (!isMetricsMessage(message) || message.type !== RESPONSE) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.text ?? "");
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`no metrics totals from the supervising process within ${TOTALS_TIMEOUT_MS} ms`));
      }, TOTALS_TIMEOUT_MS);
      pending.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      process.send?.({ type: REQUEST, id } satisfies MetricsMessage);
    });
}
