import type { TestProject } from "vitest/node";
import { hasRedisServer } from "./redis-server-process.js";
import { startRedisCluster } from "./start-redis-cluster.js";

/**
 * Global setup of the `cluster` test project: a Redis Cluster of three primaries and three
 * replicas on free loopback ports, for the system tests to run against. Needs Debian's
 * `redis-server` (`apt-get install redis-server`; `.ci/run` installs it).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!(await hasRedisServer()))
    throw new Error(
      "The cluster test project needs redis-server and redis-cli (apt-get install redis-server); .ci/run installs them.",
    );
  const started = performance.now();
  const cluster = await startRedisCluster();
  process.stderr.write(
    `cluster project: Redis Cluster on ${cluster.nodes} ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  project.provide("redisClusterNodes", cluster.nodes);
  return () => cluster.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    /** REDIS_CLUSTER_NODES of the cluster the `cluster` project's tests run against. */
    redisClusterNodes: string;
  }
}
