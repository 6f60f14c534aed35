import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat times (`getconf CLK_TCK`; 100 on Linux builds in use). */
const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU time a process has used so far, in milliseconds; undefined when unreadable. */
export function cpuMilliseconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const userTicks = Number(fields[11]);
    const systemTicks = Number(fields[12]);
    return ((userTicks + systemTicks) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU time used by named processes between `start()` and `stop()`, in milliseconds. */
export interface CpuMeter {
  /** CPU milliseconds per name since the meter was made. */
  stop(): Record<string, number>;
}

/** Starts measuring the CPU time of each named process (several pids under one name add up). */
export function startCpuMeter(processes: Record<string, readonly number[]>): CpuMeter {
  const read = () =>
    Object.fromEntries(
      Object.entries(processes).map(([name, pids]) => [
        name,
        pids.reduce((sum, pid) => sum + (cpuMilliseconds(pid) ?? Number.NaN), 0),
      ]),
    );
  const before = read();
  return {
    stop() {
      const after = read();
      return Object.fromEntries(Object.keys(processes).map((name) => [name, after[name]! - before[name]!]));
    },
  };
}
