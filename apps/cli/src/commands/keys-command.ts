import type { Config } from "@dossier/config";
import {
  ApiKeyStore,
  cancelBatchesOfKey,
  cancelListsOfKey,
  createRedis,
  keyNameProblem,
  type RedisClient,
  waitForRedis,
} from "@dossier/queue";
import { Command, InvalidArgumentError } from "commander";

/** A limit given on the command line: a positive whole number (separators `_` and `,` allowed). */
function positiveInteger(value: string): number {
  const parsed = Number(value.replace(/[_,]/g, ""));
  if (!Number.isSafeInteger(parsed) || parsed < 1) throw new InvalidArgumentError("must be a positive whole number");
  return parsed;
}

/** A key's name: refused before Redis is reached when `keys list` could not show it on one line. */
function keyName(value: string): string {
  const problem = keyNameProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value;
}

const limitText = (value: number | null | undefined) => (value == null ? "-" : value.toLocaleString("en-US"));

async function withStore<T>(config: Config, run: (store: ApiKeyStore, redis: RedisClient) => Promise<T>): Promise<T> {
  const redis = createRedis(config.redis, "blocking");
  try {
    await waitForRedis(redis);
    return await run(new ApiKeyStore(redis, config.redisPrefix), redis);
  } finally {
    redis.disconnect();
  }
}

/** `dossier keys create|list|revoke`: API keys kept in Redis as hashes. */
export function keysCommand(loadConfig: () => Config): Command {
  const keys = new Command("keys").description("manage API keys (stored in Redis as SHA-256 hashes)");
  keys
    .command("create")
    .description("make a key; it is shown once")
    .requiredOption("--name <name>", "who or what the key is for (1 to 100 characters, one line)", keyName)
    .option(
      "--monthly-calls <count>",
      "research calls the key may make per UTC month (default: no limit)",
      positiveInteger,
    )
    .option(
      "--monthly-tokens <count>",
      "model tokens (prompt and completion) the key's calls may spend per UTC month (default: no limit)",
      positiveInteger,
    )
    .action(async (options: { name: string; monthlyCalls?: number; monthlyTokens?: number }) => {
      const { key, record } = await withStore(loadConfig(), (store) =>
        store.create(options.name, {
          monthlyCalls: options.monthlyCalls ?? null,
          monthlyTokens: options.monthlyTokens ?? null,
        }),
      );
      process.stdout.write(`${key}\n`);
      const limits =
        options.monthlyCalls !== undefined || options.monthlyTokens !== undefined
          ? ` Monthly limits: ${limitText(options.monthlyCalls)} calls, ${limitText(options.monthlyTokens)} tokens.`
          : "";
      process.stderr.write(
        `Created ${record.id} (${record.name}).${limits} Store the key now: it is not shown again.\n`,
      );
    });
  keys
    .command("list")
    .description("list keys (never their secrets)")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }) => {
      const records = await withStore(loadConfig(), (store) => store.list());
      if (options.json) {
        process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
        return;
      }
      const rows = [
        ["ID", "NAME", "CREATED", "STATUS", "PREVIEW", "CALLS/MONTH", "TOKENS/MONTH"],
        ...records.map((r) => [
          r.id,
          r.name,
          r.createdAt,
          r.revokedAt ? `revoked ${r.revokedAt}` : "active",
          r.preview,
          limitText(r.limits?.monthlyCalls),
          limitText(r.limits?.monthlyTokens),
        ]),
      ];
      const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
      for (const row of rows)
        process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")}\n`);
    });
  keys
    .command("revoke")
    .description("revoke a key by id or name; calls with it get 401 at once")
    .argument("<idOrName>")
    .action(async (idOrName: string) => {
      const config = loadConfig();
      const revoked = await withStore(config, async (store, redis) => {
        const records = await store.revoke(idOrName);
        // Its work stops too: the batches and lists it has open are cancelled (research already running finishes).
        const cancelled = [];
        for (const record of records)
          cancelled.push({
            record,
            work: {
              ...(await cancelBatchesOfKey(redis, config.redisPrefix, record.id, config.batch.ttlSeconds)),
              ...(await cancelListsOfKey(redis, config.redisPrefix, record.id, config.batch.ttlSeconds)),
            },
          });
        return cancelled;
      });
      if (revoked.length === 0) {
        process.stderr.write(`No active key with id or name "${idOrName}".\n`);
        process.exitCode = 1;
        return;
      }
      for (const { record, work } of revoked) {
        const batches = `${work.batches} open batch${work.batches === 1 ? "" : "es"}`;
        const lists = `${work.lists} running list${work.lists === 1 ? "" : "s"}`;
        process.stdout.write(
          `Revoked ${record.id} (${record.name}); cancelled ${batches} (${work.items} item${work.items === 1 ? "" : "s"} not started; running ones finish) and ${lists}, and its event streams end.\n`,
        );
      }
    });
  return keys;
}
