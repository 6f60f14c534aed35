import { pino } from "pino";

/** What a log line says of the Redis command behind an error: its name and its first key, never its arguments. */
export interface LoggedRedisCommand {
  name: string;
  key?: string;
}

/** Commands whose first key follows the script (or its SHA-1) and the number of keys. */
const SCRIPT_COMMANDS = new Set(["eval", "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro"]);

/**
 * An ioredis error carries the command that failed with every argument (`command.args`): a stored
 * result, a queued job's request, a page. Only the command's name and its key are kept.
 */
export function loggedRedisCommand(command: unknown): LoggedRedisCommand | undefined {
  if (typeof command !== "object" || command === null) return undefined;
  const { name, args } = command as { name?: unknown; args?: unknown };
  if (typeof name !== "string") return undefined;
  const list = Array.isArray(args) ? args : [];
  const script = SCRIPT_COMMANDS.has(name.toLowerCase());
  const key = script ? (Number(list[1]) > 0 ? list[2] : undefined) : list[0];
  return typeof key === "string" || Buffer.isBuffer(key) ? { name, key: String(key) } : { name };
}

/**
 * Pino's error serializer, with what an error carries from Redis reduced to the command's name and
 * key (in the error itself, its nested errors and aggregated errors): logs hold no answers, quotes,
 * questions or request contexts that happened to be a failed command's arguments.
 */
export function serializeError(value: unknown): unknown {
  const serialized = pino.stdSerializers.err(value as Error) as unknown;
  return withoutCommandArguments(serialized, 0);
}

function withoutCommandArguments(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null || depth > 4) return value;
  const record = value as Record<string, unknown>;
  for (const [field, inner] of Object.entries(record)) {
    if (field === "raw") continue;
    if (field === "command") record.command = loggedRedisCommand(inner) ?? "[command]";
    else if (field === "previousErrors" || field === "aggregateErrors" || field === "lastNodeError")
      record[field] = Array.isArray(inner)
        ? inner.map((item) => withoutCommandArguments(serializeNested(item), depth + 1))
        : withoutCommandArguments(serializeNested(inner), depth + 1);
    else if (typeof inner === "object" && inner !== null && "command" in inner)
      record[field] = withoutCommandArguments(serializeNested(inner), depth + 1);
  }
  return value;
}

function serializeNested(value: unknown): unknown {
  return value instanceof Error ? pino.stdSerializers.err(value) : value;
}
