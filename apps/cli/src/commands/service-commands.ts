import { Command } from "commander";

/**
 * `dossier gateway`: the HTTP gateway in this process, as `pnpm start:gateway` runs it. The image's
 * default command; SIGTERM lets the calls in flight finish.
 */
export function gatewayCommand(): Command {
  return new Command("gateway").description("run the HTTP gateway").action(async () => {
    await import("@dossier/gateway/main");
  });
}

/**
 * `dossier worker`: one worker process, as `pnpm start:worker` runs it. SIGTERM takes no new jobs
 * and hands back what is still running after the grace period.
 */
export function workerCommand(): Command {
  return new Command("worker").description("run one worker: takes research jobs from the queue").action(async () => {
    await import("@dossier/worker/main");
  });
}
