/** The parts of a V8 `.cpuprofile` (as `node --cpu-prof` writes it) that the summary reads. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
  startTime: number;
  endTime: number;
  samples?: number[];
}

/** Self time of one function or one package, in milliseconds and as a share of the profile. */
export interface ProfileEntry {
  name: string;
  selfMs: number;
  /** Share of all samples, idle included, in [0, 1]. */
  share: number;
}

/** Where the time of a profile went. */
export interface ProfileSummary {
  /** Length of the profile, in milliseconds. */
  totalMs: number;
  /** Share of samples in `(idle)`, in [0, 1]: how much of the time the process had nothing to do. */
  idleShare: number;
  /** Functions by self time, most first. */
  functions: ProfileEntry[];
  /** Packages (or `node:` internals, or the repository's own files) by self time, most first. */
  packages: ProfileEntry[];
}

/** `ioredis` from `.../node_modules/.pnpm/ioredis@5.11.1/node_modules/ioredis/built/Redis.js`, and so on. */
export function packageOf(url: string): string {
  if (url === "") return "(native or V8)";
  if (url.startsWith("node:")) return "node (internal)";
  const modules = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url;
}

function ranked(totals: Map<string, number>, sampleMs: number, samples: number, limit: number): ProfileEntry[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, hits]) => ({ name, selfMs: hits * sampleMs, share: hits / samples }));
}

/** Adds up self time by function and by package. */
export function summarizeCpuProfile(profile: CpuProfile, limit = 20): ProfileSummary {
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const samples = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  const sampleMs = totalMs / samples;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let idle = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") {
      idle += hits;
      continue;
    }
    const file = url.replace(/^.*\/(node_modules\/\.pnpm\/[^/]+\/node_modules\/|apps\/|packages\/)/, "");
    const name = `${functionName || "(anonymous)"} ${file ? `${file}:${lineNumber + 1}` : ""}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    const owner =
      functionName === "(garbage collector)" || functionName === "(program)" ? functionName : packageOf(url);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + hits);
  }
  return {
    totalMs,
    idleShare: idle / samples,
    functions: ranked(byFunction, sampleMs, samples, limit),
    packages: ranked(byPackage, sampleMs, samples, limit),
  };
}
