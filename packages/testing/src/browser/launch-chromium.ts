import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`), which `.ci/run` installs when it is missing. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Flags of a quiet, reproducible headless Chromium: no GPU, no sandbox (containers run as root),
 * and nothing that reaches out on its own (updates, sync, QUIC probes).
 */
const CHROMIUM_ARGUMENTS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A laptop screen, the size the console is built for. */
export const LAPTOP_VIEWPORT = { width: 1366, height: 768 };

/** A browser for one test file: a fresh profile, closed and removed with {@link BrowserSession.close}. */
export interface BrowserSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts Chromium with a fresh profile in a temporary folder, driven by playwright-core. */
export async function launchChromium(): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install -y chromium\` (.ci/run does).`);
  }
  const userDataDirectory = await mkdtemp(join(tmpdir(), "dossier-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDirectory, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGUMENTS,
    viewport: LAPTOP_VIEWPORT,
    acceptDownloads: true,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      await rm(userDataDirectory, { recursive: true, force: true });
    },
  };
}
