import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type Config, describeRedisTarget, WORKER_NODE_FLAGS } from "@dossier/config";
import { Command } from "commander";
import { makeFirstKey } from "../local-start/first-key.js";
import { LOCAL_REDIS_FOLDER, type LocalRedis, redisAnswers, startLocalRedis } from "../local-start/local-redis.js";

// Resolved as packages, so that this works in the workspace and in a deployed tree alike.
const WORKER_SCRIPT = "@dossier/worker/main";
const scripts = ["@dossier/gateway/main", WORKER_SCRIPT];

const say = (text: string) => process.stderr.write(`${text}\n`);

/**
 * Makes sure Redis answers before anything starts: with no Redis configured and `redis-server`
 * installed, starts one on 127.0.0.1:6379 with its data in `.dossier/redis`; otherwise says how to
 * get one and returns false.
 */
async function readyRedis(config: Config): Promise<{ ok: boolean; local?: LocalRedis }> {
  if (config.redis.mode !== "standalone" || (await redisAnswers(config.redis))) return { ok: true };
  const where = describeRedisTarget(config.redis);
  if (!config.redisIsDefault) {
    say(
      `dossier: Redis does not answer at ${where} (REDIS_URL). Start it, or leave REDIS_URL unset and ` +
        "`pnpm start` starts a local one itself (redis-server must be installed).",
    );
    return { ok: false };
  }
  try {
    const local = await startLocalRedis({ port: 6379, folder: LOCAL_REDIS_FOLDER });
    say(
      `dossier: no Redis answered at ${where}, so redis-server was started there, keeping its data in ` +
        `${LOCAL_REDIS_FOLDER}; it stops with this command.`,
    );
    return { ok: true, local };
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    say(
      missing
        ? `dossier: no Redis answers at ${where}, and redis-server is not installed to start one. Install it ` +
            "(apt-get install redis-server, or brew install redis) and run `pnpm start` again; or start a Redis " +
            "yourself: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379; or set REDIS_URL to yours."
        : `dossier: no Redis answers at ${where}, and starting redis-server failed: ${(error as Error).message}. ` +
            "Start a Redis yourself, or set REDIS_URL to yours.",
    );
    return { ok: false };
  }
}

/** Shows the key made on a first start: the only time it is shown. */
function showFirstKey(key: string, config: Config): void {
  const base = `http://127.0.0.1:${config.port}`;
  process.stdout.write(
    [
      "",
      "dossier: no API key was configured, so this one was made for you. Keep it: it is shown only now",
      "(Redis keeps its hash; `pnpm dossier keys list` and `keys revoke local` manage it).",
      "",
      `  export DOSSIER_API_KEY=${key}`,
      "",
      "Ask with it (once a model endpoint is set, see OPENAI_BASE_URL in the README):",
      "",
      `  curl -s ${base}/v1/research/company -H 'content-type: application/json' -H "x-api-key: $DOSSIER_API_KEY" \\`,
      `    -d '{"question": "What does the company make?", "company": {"name": "Northwind Robotics"}}'`,
      "",
      `or sign in at ${base}/console with it. More keys: pnpm dossier keys create --name NAME.`,
      "",
      "",
    ].join("\n"),
  );
}

/**
 * `dossier start`: the gateway and one worker in the foreground; SIGINT/SIGTERM stop both cleanly.
 * Before them: Redis (started locally when none is configured and none answers) and, when no key is
 * configured, a first key, shown once.
 */
export function startCommand(loadConfig: () => Config): Command {
  return new Command("start").description("run the gateway and one worker in the foreground").action(async () => {
    const config = loadConfig();
    const redis = await readyRedis(config);
    if (!redis.ok) {
      process.exitCode = 1;
      return;
    }
    const key = await makeFirstKey(config);
    if (key) showFirstKey(key, config);
    const children: ChildProcess[] = scripts.map((script) =>
      spawn(
        process.execPath,
        [...(script === WORKER_SCRIPT ? WORKER_NODE_FLAGS : []), fileURLToPath(import.meta.resolve(script))],
        { stdio: "inherit", env: process.env },
      ),
    );
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      for (const child of children) if (child.exitCode === null) child.kill(signal);
    };
    process.on("SIGINT", () => stop("SIGTERM"));
    process.on("SIGTERM", () => stop("SIGTERM"));
    const codes = await Promise.all(
      children.map(
        (child) =>
          new Promise<number>((resolve) =>
            child.on("exit", (code) => {
              // One process ending on its own takes the other down too.
              stop("SIGTERM");
              resolve(code ?? 0);
            }),
          ),
      ),
    );
    // Redis goes last: the gateway and the worker use it while they stop.
    await redis.local?.stop();
    process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
  });
}
