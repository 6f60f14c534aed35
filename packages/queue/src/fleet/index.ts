export { type DependencyStatus, fleetStatus, type WorkerDependencyReport } from "./dependency-report.js";
export { JOB_DURATION_BUCKETS, type JobStatsIncrements, jobStatsIncrements, readFleetCounters } from "./fleet-stats.js";
export {
  countLiveWorkers,
  countLiveWorkersOnHost,
  createWorkerId,
  type Heartbeat,
  readLiveWorkers,
  startHeartbeat,
  WORKER_ALIVE_MS,
} from "./worker-heartbeat.js";
