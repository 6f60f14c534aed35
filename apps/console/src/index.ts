import { fileURLToPath } from "node:url";

/**
 * The folder of the built console (`index.html` and `assets/`), which the gateway serves at
 * `/console`. `pnpm install` builds it (the root `prepare` script), as does `pnpm build`.
 */
export const consoleAssetsDirectory: string = fileURLToPath(new URL("./public/", import.meta.url));
