import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Keeps the worker's heap near what it holds alive (ADR 0005). V8's heap growing factor is set to
 * `percent`: after each full collection the heap may grow that much past what survived before the
 * next one. V8 reads the factor at every collection, so setting it at run time takes effect.
 *
 * Until its first full collection V8 uses its initial limit, which on a large machine lets the
 * first burst of jobs pile up about 100 MB of garbage; one full collection now, with every module
 * loaded and before the first job, puts the heap under the factor from the start. `gc` is reached
 * the documented way for a process started without `--expose-gc`, and not kept.
 */
export function boundHeapGrowth(percent: number): void {
  if (percent <= 0) return;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}
