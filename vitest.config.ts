import { configDefaults, defineConfig } from "vitest/config";

/** Every test file of the repository. */
const allTests = [
  "apps/*/src/**/*.test.ts",
  "packages/*/src/**/*.test.ts",
  "apps/*/test/**/*.test.ts",
  "packages/*/test/**/*.test.ts",
];

/**
 * The system tests that run a second time against a real Redis Cluster: research calls, identical
 * requests researched once, stored results, batches with a killed worker, rate limits, keys, job
 * events, usage quotas, watches and the throttle on failed API keys.
 * Redis answers CROSSSLOT to any of Dossier's scripts or transactions whose keys span slots.
 */
const onRedisCluster = [
  "apps/gateway/test/research-api.test.ts",
  "apps/gateway/test/jobs.test.ts",
  "apps/gateway/test/rate-limits.test.ts",
  "apps/gateway/test/auth-throttle.test.ts",
  "apps/gateway/test/keys.test.ts",
  "apps/gateway/test/events.test.ts",
  "packages/system-tests/test/batches.test.ts",
  "packages/system-tests/test/fleet.test.ts",
  "packages/system-tests/test/quotas.test.ts",
  "packages/system-tests/test/watches.test.ts",
  "**/*.cluster.test.ts",
];

export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["./packages/testing/src/vitest-global-setup.ts"],
    reporters: ["default", "./packages/testing/src/vitest-project-durations.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "standalone",
          include: allTests,
          exclude: [...configDefaults.exclude, "**/*.cluster.test.ts", "**/*.sentinel.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "cluster",
          include: onRedisCluster,
          globalSetup: ["./packages/testing/src/redis/vitest-cluster-setup.ts"],
          setupFiles: ["./packages/testing/src/redis/vitest-use-cluster.ts"],
        },
      },
      {
        extends: true,
        test: { name: "sentinel", include: ["**/*.sentinel.test.ts"] },
      },
    ],
  },
});
