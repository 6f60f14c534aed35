/** How long and how a benchmark runs, from the command line. */
export interface BenchSettings {
  /** Measured window of each scenario, in milliseconds. Default 10000. */
  durationMs: number;
  /** Unmeasured warm-up before each window, in milliseconds. Default 2000. */
  warmupMs: number;
  /** Runs the gateway and workers under `node --cpu-prof`. */
  profile: boolean;
  /** Runs only the scenarios whose name contains this text. */
  only: string | undefined;
  /** Progress lines (to stderr), so that the tables on stdout stay clean. */
  log: (line: string) => void;
}
