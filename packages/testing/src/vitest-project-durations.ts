import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints, after the run, how long each test project took: its files, their summed duration, and the
 * wall-clock time from its first file's start to its last file's end (projects run side by side).
 */
export default class ProjectDurationsReporter implements Reporter {
  readonly #projects = new Map<string, { files: number; summedMs: number; firstStart: number; lastEnd: number }>();

  onTestModuleStart(testModule: TestModule): void {
    const name = testModule.project.name || "default";
    const entry = this.#projects.get(name) ?? { files: 0, summedMs: 0, firstStart: Date.now(), lastEnd: 0 };
    entry.firstStart = Math.min(entry.firstStart, Date.now());
    this.#projects.set(name, entry);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const entry = this.#projects.get(testModule.project.name || "default");
    if (!entry) return;
    entry.files += 1;
    entry.summedMs += testModule.diagnostic().duration;
    entry.lastEnd = Date.now();
  }

  onTestRunEnd(): void {
    if (this.#projects.size === 0) return;
    const lines = [...this.#projects.entries()].map(
      ([name, entry]) =>
        `  ${name}: ${entry.files} files, ${(entry.summedMs / 1000).toFixed(1)} s of tests, ` +
        `${((entry.lastEnd - entry.firstStart) / 1000).toFixed(1)} s from first start to last end`,
    );
    process.stdout.write(`\nTest projects:\n${lines.join("\n")}\n`);
  }
}
