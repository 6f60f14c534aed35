import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { repositoryRoot } from "@dossier/testing";
import { launchChromium } from "@dossier/testing/browser";
import { type LatencySummary, summarizeLatencies } from "../load/latency-summary.js";
import { formatNumber, formatTable } from "../report/format-table.js";
import type { BenchSettings } from "./bench-settings.js";
import { BENCH_API_KEYS, startBenchStack } from "./bench-stack.js";

/** Targets of issue 11. */
export const CONSOLE_TARGETS = {
  /** The console loads (usable) within this long on the fixture stack, in ms. */
  loadMs: 1_000,
  /** Its files weigh at most this, gzipped, in bytes. */
  bundleGzipBytes: 150 * 1024,
} as const;

/** Page loads per measured case. */
const LOADS = 10;

export interface ConsoleFigures {
  /** From navigation start until the sign-in form can be typed into, in a fresh profile (nothing cached). */
  firstLoadMs: number;
  /** The same on reloads (the browser revalidates its copies). */
  reload: LatencySummary;
  /** Signed in (the key in session storage): until the Ask screen is shown. */
  signedInReload: LatencySummary;
  /** The built files with their sizes, from the build. */
  files: Array<{ path: string; bytes: number; gzipBytes: number }>;
}

/** How long an action takes, in ms. */
async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/**
 * Loads the console in Debian's Chromium (headless, laptop viewport) from a real gateway: the
 * first load in a fresh profile, then reloads signed out and signed in. Reads the bundle's sizes
 * from the build.
 */
export async function runConsoleBench(settings: BenchSettings): Promise<ConsoleFigures> {
  const files = JSON.parse(
    await readFile(join(repositoryRoot(), "apps/console/dist/public/sizes.json"), "utf8"),
  ) as ConsoleFigures["files"];
  const stack = await startBenchStack({ workers: 1 });
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const url = `${stack.origin}/console`;
    const signInReady = () => page.getByLabel("API key", { exact: true }).waitFor();
    settings.log("console: first load in a fresh profile");
    const firstLoadMs = await timed(async () => {
      await page.goto(url);
      await signInReady();
    });
    const reloads: number[] = [];
    for (let index = 0; index < LOADS; index += 1) {
      reloads.push(
        await timed(async () => {
          await page.reload();
          await signInReady();
        }),
      );
    }
    settings.log("console: signed-in reloads");
    await page.evaluate(`sessionStorage.setItem("dossier.apiKey", ${JSON.stringify(BENCH_API_KEYS.a)})`);
    const signedIn: number[] = [];
    for (let index = 0; index < LOADS; index += 1) {
      signedIn.push(
        await timed(async () => {
          await page.reload();
          await page.getByRole("heading", { name: "Ask a question" }).waitFor();
        }),
      );
    }
    return {
      firstLoadMs,
      reload: summarizeLatencies(reloads),
      signedInReload: summarizeLatencies(signedIn),
      files,
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}

export function formatConsoleFigures(figures: ConsoleFigures): string {
  const total = figures.files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const row = (name: string, summary: LatencySummary) => [name, summary.count, summary.p50, summary.p90, summary.max];
  const worst = Math.max(figures.firstLoadMs, figures.reload.max, figures.signedInReload.max);
  return [
    formatTable(
      ["console load, navigation to usable (ms)", "loads", "p50", "p90", "max"],
      [
        ["first load, fresh profile", 1, figures.firstLoadMs, figures.firstLoadMs, figures.firstLoadMs],
        row("reload, signed out (sign-in form)", figures.reload),
        row("reload, signed in (Ask screen)", figures.signedInReload),
      ],
    ),
    "",
    `Target: loads in under ${CONSOLE_TARGETS.loadMs} ms on the fixture stack: slowest ${formatNumber(worst, 0)} ms (${worst < CONSOLE_TARGETS.loadMs ? "met" : "missed"}).`,
    "",
    formatTable(
      ["file", "KiB", "KiB gzipped"],
      figures.files.map((file) => [file.path, file.bytes / 1024, file.gzipBytes / 1024]),
    ),
    "",
    `Bundle: ${formatNumber(total / 1024, 1)} KiB gzipped in all; budget ${CONSOLE_TARGETS.bundleGzipBytes / 1024} KiB (${total <= CONSOLE_TARGETS.bundleGzipBytes ? "met" : "missed"}).`,
  ].join("\n");
}
