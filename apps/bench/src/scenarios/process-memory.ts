import { readFileSync } from "node:fs";

/** Resident set size of a process, in bytes (`VmRSS` of /proc/<pid>/status); undefined when unreadable. */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the largest resident size of each process every `intervalMs` until stopped. */
export function sampleResidentPeaks(pids: readonly number[], intervalMs = 250): { stop(): Map<number, number> } {
  const peaks = new Map<number, number>();
  const sample = () => {
    for (const pid of pids) {
      const bytes = residentBytes(pid);
      if (bytes !== undefined && bytes > (peaks.get(pid) ?? 0)) peaks.set(pid, bytes);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
