import { AsyncLocalStorage } from "node:async_hooks";

/** What code running inside a research job may know about the job, without it being passed down. */
export interface JobContext {
  jobId: string;
  /** How the job was asked for; a `sync` job has a caller waiting on the connection. */
  origin: "sync" | "async" | "batch";
}

/** Set by the research worker around each job; read by the upstream rate-limit wrappers. */
export const jobContext = new AsyncLocalStorage<JobContext>();
