/** One Redis server (or Sentinel) by address. */
export interface RedisNode {
  host: string;
  port: number;
}

/** What the Redis servers ask of a client: a user and password (ACL or `requirepass`), and TLS. */
export interface RedisAccess {
  username: string | undefined;
  password: string | undefined;
  /** True for `rediss://`: every connection to the servers is TLS. */
  tls: boolean;
}

/**
 * Where Dossier's Redis is and how to reach it: one server (`REDIS_URL`), a primary found through
 * Sentinel (`REDIS_SENTINELS`), or a Redis Cluster (`REDIS_CLUSTER_NODES`).
 */
export type RedisTarget =
  | { mode: "standalone"; url: string }
  | {
      mode: "sentinel";
      sentinels: readonly RedisNode[];
      /** The monitored primary's name (`REDIS_SENTINEL_NAME`). */
      primaryName: string;
      /** Access to the primary and its replicas. */
      access: RedisAccess;
      /** Database number, from a `/N` path on an entry. Default 0. */
      database: number;
      /** The Sentinels' own password when they require one (`REDIS_SENTINEL_PASSWORD`). */
      sentinelPassword: string | undefined;
    }
  | { mode: "cluster"; nodes: readonly RedisNode[]; access: RedisAccess };

/** A comma-separated node list with the access that its URL entries carry. */
export interface ParsedRedisNodes {
  nodes: RedisNode[];
  access: RedisAccess;
  database: number;
}

/**
 * Parses `host:port,...` where an entry may also be a `redis://` or `rediss://` URL carrying a user,
 * password and (for Sentinel) a database, as in `REDIS_URL`. The servers of one deployment share
 * their password and TLS, so every URL entry must agree; plain entries take them from the URL ones.
 * Throws an Error naming the first bad entry.
 */
export function parseRedisNodes(text: string, defaultPort: number): ParsedRedisNodes {
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("must name at least one host:port");
  const nodes: RedisNode[] = [];
  let access: (RedisAccess & { database: number; entry: string }) | undefined;
  for (const entry of entries) {
    const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
    let url: URL;
    try {
      url = new URL(isUrl ? entry : `redis://${entry}`);
    } catch {
      throw new Error(`"${entry}" is neither host:port nor a redis:// URL`);
    }
    if (url.protocol !== "redis:" && url.protocol !== "rediss:")
      throw new Error(`"${entry}" must be host:port or start with redis:// or rediss://`);
    if (!url.hostname) throw new Error(`"${entry}" names no host`);
    const port = url.port ? Number(url.port) : defaultPort;
    if (!isUrl && (url.username || url.password || (url.pathname !== "" && url.pathname !== "/")))
      throw new Error(`"${entry}": a password or database needs the redis:// form`);
    nodes.push({ host: url.hostname.replace(/^\[|\]$/g, ""), port });
    if (!isUrl) continue;
    const database = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
    if (!Number.isInteger(database) || database < 0) throw new Error(`"${entry}" names a bad database`);
    const current = {
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      tls: url.protocol === "rediss:",
      database,
      entry,
    };
    if (
      access &&
      (access.username !== current.username ||
        access.password !== current.password ||
        access.tls !== current.tls ||
        access.database !== current.database)
    )
      throw new Error(`"${redact(entry)}" disagrees with "${redact(access.entry)}" on user, password, TLS or database`);
    access ??= current;
  }
  return {
    nodes,
    access: { username: access?.username, password: access?.password, tls: access?.tls ?? false },
    database: access?.database ?? 0,
  };
}

/** A URL or node list with any password replaced by `***`, for logs and messages. */
export function redact(text: string): string {
  return text.replace(/\/\/[^@/,]*@/g, "//***@");
}

/** How a target reads in a log line: the mode and the addresses, never a password. */
export function describeRedisTarget(target: RedisTarget): string {
  switch (target.mode) {
    case "standalone":
      return redact(target.url);
    case "sentinel":
      return `sentinel ${target.primaryName} via ${target.sentinels.map((node) => `${node.host}:${node.port}`).join(",")}`;
    case "cluster":
      return `cluster ${target.nodes.map((node) => `${node.host}:${node.port}`).join(",")}`;
  }
}

/**
 * The key prefix as a Redis Cluster needs it: wrapped in a hash tag (`dossier` → `{dossier}`) so that
 * every key a script or transaction touches together lands in one slot. A prefix that already
 * holds a tag is kept as it is.
 */
export function hashTagged(prefix: string): string {
  return /\{[^{}]+\}/.test(prefix) ? prefix : `{${prefix}}`;
}

/**
 * The environment variables that name `target`, for a child process that must use the same Redis
 * (the inverse of what loadConfig reads).
 */
export function redisEnvironment(target: RedisTarget): Record<string, string> {
  const list = (nodes: readonly RedisNode[], access: RedisAccess, database = 0) =>
    nodes
      .map((node, index) => {
        const host = node.host.includes(":") ? `[${node.host}]` : node.host;
        const hasAccess = access.username !== undefined || access.password !== undefined || access.tls || database;
        if (index > 0 || !hasAccess) return `${host}:${node.port}`;
        const user = access.username !== undefined ? encodeURIComponent(access.username) : "";
        const password = access.password !== undefined ? `:${encodeURIComponent(access.password)}` : "";
        const credentials = user || password ? `${user}${password}@` : "";
        return `${access.tls ? "rediss" : "redis"}://${credentials}${host}:${node.port}${database ? `/${database}` : ""}`;
      })
      .join(",");
  switch (target.mode) {
    case "standalone":
      return { REDIS_URL: target.url };
    case "cluster":
      return { REDIS_CLUSTER_NODES: list(target.nodes, target.access) };
    case "sentinel":
      return {
        REDIS_SENTINELS: list(target.sentinels, target.access, target.database),
        REDIS_SENTINEL_NAME: target.primaryName,
        ...(target.sentinelPassword !== undefined ? { REDIS_SENTINEL_PASSWORD: target.sentinelPassword } : {}),
      };
  }
}
