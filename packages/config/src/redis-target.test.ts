import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { type ConfigError, loadConfig } from "./load-config.js";
import { describeRedisTarget, hashTagged, parseRedisNodes, redisEnvironment } from "./redis-target.js";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as ConfigError).problems;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe("parseRedisNodes", () => {
  it("reads host:port entries, IPv6 in brackets, and the default port", () => {
    expect(parseRedisNodes("10.0.0.1:7000, redis-2:7001,[::1]:7002,redis-4", 6379)).toEqual({
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "redis-2", port: 7001 },
        { host: "::1", port: 7002 },
        { host: "redis-4", port: 6379 },
      ],
      access: { username: undefined, password: undefined, tls: false },
      database: 0,
    });
  });

  it("takes user, password, TLS and database from URL entries, for every node", () => {
    expect(parseRedisNodes("rediss://app:s%40cret@a:7000/2,b:7001", 6379)).toEqual({
      nodes: [
        { host: "a", port: 7000 },
        { host: "b", port: 7001 },
      ],
      access: { username: "app", password: "s@cret", tls: true },
      database: 2,
    });
  });

  it.each([
    ["", /at least one/],
    ["http://a:1", /redis:\/\//],
    ["a:notaport", /neither/],
    ["redis://:one@a:1,redis://:two@b:2", /disagrees/],
    ["redis://a:1,rediss://b:2", /disagrees/],
  ])("refuses %j", (text, message) => {
    expect(() => parseRedisNodes(text, 6379)).toThrow(message);
  });

  it("never repeats a password in its messages", () => {
    expect(() => parseRedisNodes("redis://:one@a:1,redis://:two@b:2", 6379)).toThrow(/^(?!.*(one|two)@)/);
  });
});

describe("loadConfig's Redis deployment", () => {
  it("uses REDIS_URL alone by default, with the prefix as given", () => {
    const config = loadConfig({ REDIS_URL: "redis://:pw@redis:6380/1", REDIS_PREFIX: "team-a" });
    expect(config.redis).toEqual({ mode: "standalone", url: "redis://:pw@redis:6380/1" });
    expect(config.redisPrefix).toBe("team-a");
    expect(describeRedisTarget(config.redis)).toBe("redis://***@redis:6380/1");
  });

  it("runs on a Redis Cluster instead of REDIS_URL, with the prefix as a hash tag", () => {
    const config = loadConfig({
      REDIS_URL: "redis://unused:6379",
      REDIS_CLUSTER_NODES: "rediss://:pw@node-1:7000,node-2:7001",
    });
    expect(config.redis).toEqual({
      mode: "cluster",
      nodes: [
        { host: "node-1", port: 7000 },
        { host: "node-2", port: 7001 },
      ],
      access: { username: undefined, password: "pw", tls: true },
    });
    expect(config.redisPrefix).toBe("{dossier}");
    expect(loadConfig({ REDIS_CLUSTER_NODES: "a:1", REDIS_PREFIX: "app:{jobs}" }).redisPrefix).toBe("app:{jobs}");
    expect(describeRedisTarget(config.redis)).toBe("cluster node-1:7000,node-2:7001");
  });

  it("follows a primary through Sentinels", () => {
    const config = loadConfig({
      REDIS_SENTINELS: "redis://:pw@s1/3,s2:26380",
      REDIS_SENTINEL_NAME: "dossier-primary",
      REDIS_SENTINEL_PASSWORD: "sentinel-secret",
    });
    expect(config.redis).toEqual({
      mode: "sentinel",
      sentinels: [
        { host: "s1", port: 26379 },
        { host: "s2", port: 26380 },
      ],
      primaryName: "dossier-primary",
      access: { username: undefined, password: "pw", tls: false },
      database: 3,
      sentinelPassword: "sentinel-secret",
    });
    expect(config.redisPrefix).toBe("dossier");
  });

  it("names what is wrong with a deployment", () => {
    expect(problemsOf({ REDIS_SENTINELS: "s1:26379" })).toEqual([
      "REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS: the primary's name in the Sentinels' configuration",
    ]);
    expect(problemsOf({ REDIS_SENTINELS: "s1", REDIS_SENTINEL_NAME: "p", REDIS_CLUSTER_NODES: "a:1" })).toEqual([
      "REDIS_CLUSTER_NODES: set either REDIS_CLUSTER_NODES or REDIS_SENTINELS, not both",
    ]);
    expect(problemsOf({ REDIS_CLUSTER_NODES: "redis://a:1/2" })).toEqual([
      "REDIS_CLUSTER_NODES: a Redis Cluster has only database 0",
    ]);
    expect(problemsOf({ REDIS_CLUSTER_NODES: "ftp://a" })[0]).toMatch(/^REDIS_CLUSTER_NODES: /);
    expect(problemsOf({ REDIS_PREFIX: "a{b}{c}" })[0]).toMatch(/^REDIS_PREFIX: .*hash tag/);
  });

  it("wraps a prefix in a hash tag once", () => {
    expect(hashTagged("dossier")).toBe("{dossier}");
    expect(hashTagged("{dossier}")).toBe("{dossier}");
    expect(hashTagged("team:{dossier}:v2")).toBe("team:{dossier}:v2");
  });
});

describe("GATEWAY_PROCESSES", () => {
  it("is 1 by default, a number, or auto for one per core", () => {
    expect(loadConfig({}).gatewayProcesses).toBe(1);
    expect(loadConfig({ GATEWAY_PROCESSES: "4" }).gatewayProcesses).toBe(4);
    expect(loadConfig({ GATEWAY_PROCESSES: "auto" }).gatewayProcesses).toBe(availableParallelism());
    expect(problemsOf({ GATEWAY_PROCESSES: "0" })[0]).toMatch(/^GATEWAY_PROCESSES: /);
    expect(problemsOf({ GATEWAY_PROCESSES: "many" })[0]).toMatch(/^GATEWAY_PROCESSES: /);
  });
});

describe("redisEnvironment", () => {
  it.each([
    { REDIS_URL: "redis://:pw@redis:6380/1" },
    { REDIS_CLUSTER_NODES: "rediss://app:p%40ss@node-1:7000,node-2:7001" },
    { REDIS_CLUSTER_NODES: "127.0.0.1:7000,127.0.0.1:7001" },
    { REDIS_SENTINELS: "redis://:pw@s1:26379/3,s2:26380", REDIS_SENTINEL_NAME: "p", REDIS_SENTINEL_PASSWORD: "x" },
  ])("gives back the variables that name a deployment: %j", (env) => {
    const target = loadConfig(env).redis;
    expect(loadConfig(redisEnvironment(target)).redis).toEqual(target);
  });
});
