/**
 * Node flags a worker process is started with (ADR 0005): V8's young generation held to 2 MB a
 * semi-space. With tens of research runs at once a worker's young generation otherwise grows to 32
 * MB of short-lived garbage, and its resident memory with it; the flag cannot be set once the
 * process runs. `pnpm start:worker`, `dossier start`, docker-compose.yml, the Kubernetes manifests
 * and the benchmarks start workers with it.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=2"];
