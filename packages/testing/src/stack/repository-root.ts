import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the nearest folder above this file holding pnpm-workspace.yaml. */
export function repositoryRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, "pnpm-workspace.yaml"))) {
    const parent = dirname(folder);
    if (parent === folder) throw new Error("pnpm-workspace.yaml not found above the testing package");
    folder = parent;
  }
  return folder;
}

/** `../shared/realweb` beside the repository: saved real sites, one folder per host (may be absent). */
export function realwebDirectory(): string {
  return join(repositoryRoot(), "..", "shared", "realweb");
}

/** `../shared/realweb2` beside the repository: a second folder of saved real sites, laid out as realweb (may be absent). */
export function realweb2Directory(): string {
  return join(repositoryRoot(), "..", "shared", "realweb2");
}
