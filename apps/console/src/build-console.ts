import { spawnSync } from "node:child_process";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { consoleAssetsDirectory } from "./index.js";

/** The most the console's files may weigh, gzipped, in bytes (150 KB). */
export const CONSOLE_BUDGET_GZIP_BYTES = 150 * 1024;

const webDirectory = fileURLToPath(new URL("../web/", import.meta.url));

/** Sizes of the built files, raw and gzipped, in bytes. */
export interface BuiltFile {
  path: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * Builds the console: type-checks the browser sources, bundles them with esbuild (minified, one
 * script and one style sheet), writes `index.html`, and fails when the files weigh more than
 * 150 KB gzipped. Prints each file's size.
 */
export async function buildConsole(): Promise<BuiltFile[]> {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const check = spawnSync(process.execPath, [tsc, "-p", `${webDirectory}tsconfig.json`], { stdio: "inherit" });
  if (check.status !== 0) throw new Error("the console's sources do not type-check");

  await rm(consoleAssetsDirectory, { recursive: true, force: true });
  await mkdir(`${consoleAssetsDirectory}assets`, { recursive: true });
  await build({
    entryPoints: [`${webDirectory}src/main.tsx`],
    bundle: true,
    minify: true,
    format: "esm",
    target: ["chrome111", "firefox114", "safari16.4"],
    jsx: "automatic",
    jsxImportSource: "preact",
    outfile: `${consoleAssetsDirectory}assets/console.js`,
    legalComments: "none",
    logLevel: "warning",
  });
  await build({
    entryPoints: [`${webDirectory}styles.css`],
    bundle: true,
    minify: true,
    outfile: `${consoleAssetsDirectory}assets/console.css`,
    logLevel: "warning",
  });
  await copyFile(`${webDirectory}index.html`, `${consoleAssetsDirectory}index.html`);

  const files: BuiltFile[] = [];
  for (const path of ["index.html", "assets/console.js", "assets/console.css"]) {
    const content = await readFile(`${consoleAssetsDirectory}${path}`);
    files.push({ path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length });
  }
  await writeFile(`${consoleAssetsDirectory}sizes.json`, JSON.stringify(files));
  return files;
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain) {
  const files = await buildConsole();
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  for (const file of files) {
    process.stdout.write(
      `console: ${file.path} ${(file.bytes / 1024).toFixed(1)} KB, ${(file.gzipBytes / 1024).toFixed(1)} KB gzipped\n`,
    );
  }
  process.stdout.write(
    `console: ${(total / 1024).toFixed(1)} KB gzipped in all (budget ${CONSOLE_BUDGET_GZIP_BYTES / 1024} KB)\n`,
  );
  if (total > CONSOLE_BUDGET_GZIP_BYTES) {
    process.stderr.write("console: over budget\n");
    process.exitCode = 1;
  }
}
