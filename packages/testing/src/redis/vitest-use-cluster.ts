import { inject } from "vitest";

// Setup file of the `cluster` test project: every stack a test starts runs on the project's cluster.
process.env.REDIS_CLUSTER_NODES = inject("redisClusterNodes");
