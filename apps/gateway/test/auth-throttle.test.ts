import { join } from "node:path";
import {
  type Harness,
  problemOf,
  repositoryRoot,
  type ServiceProcess,
  startHarness,
  startProcess,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** A valid key that no test uses before the throttle holds: the throttle must not tell it from a guess. */
const UNUSED_KEY = "unused-key-0123456789abcdef";
/** The documented default of `RATE_LIMIT_AUTH_FAILURES_PER_MINUTE`. */
const DEFAULT_FAILURES_PER_MINUTE = 20;

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({
    env: { API_KEYS: `${TEST_API_KEY},${UNUSED_KEY}` },
    // An empty value is an unset one: the gateway runs on the default, which the stacks of other tests raise.
    gatewayEnv: { RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: "" },
  });
});
afterAll(async () => harness?.stop());

/** GET /v1/usage from `baseUrl` with `key`, and the extra headers. */
function usage(baseUrl: string, key: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/v1/usage`, { headers: { "x-api-key": key, ...headers } });
}

/** A key nobody made; the index keeps the guesses apart. */
const guess = (index: number) => `dsk_guess${String(index).padStart(40, "0")}`;

describe("failed API keys from one address", () => {
  it("are answered 401 up to the default allowance, then 429 with Retry-After whatever the key, except a key the address used before", async () => {
    const base = harness.stack.baseUrl;
    expect((await usage(base, TEST_API_KEY)).status).toBe(200);

    const statuses: number[] = [];
    for (let index = 0; index < DEFAULT_FAILURES_PER_MINUTE; index += 1)
      statuses.push((await usage(base, guess(index))).status);
    expect(statuses).toEqual(Array(DEFAULT_FAILURES_PER_MINUTE).fill(401));

    const refused = await usage(base, guess(DEFAULT_FAILURES_PER_MINUTE));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const problem = await problemOf(refused);
    expect(problem.code).toBe("AUTH_TOO_MANY_FAILURES");
    expect(problem.detail).toContain(`try again in ${retryAfter} s`);

    // X-Forwarded-For is not believed from a proxy nobody named in TRUSTED_PROXIES.
    expect((await usage(base, guess(99), { "x-forwarded-for": "198.51.100.7" })).status).toBe(429);
    // A valid key new to this address is refused like a guess, so the throttle tells a prober nothing...
    expect((await usage(base, UNUSED_KEY)).status).toBe(429);
    // ...while the key this address used before goes on working, on every route.
    expect((await usage(base, TEST_API_KEY)).status).toBe(200);
    expect((await fetch(`${base}/v1/jobs/r-unknown`, { headers: { "x-api-key": TEST_API_KEY } })).status).toBe(404);
  });
});

describe("behind a proxy named in TRUSTED_PROXIES", () => {
  let proxied: ServiceProcess;
  let proxiedUrl: string;
  beforeAll(async () => {
    proxied = startProcess("gateway-behind-proxy", join(repositoryRoot(), "apps/gateway/dist/main.js"), {
      ...harness.world.env,
      ...harness.stack.redisEnv,
      API_KEYS: `${TEST_API_KEY},${UNUSED_KEY}`,
      TRUSTED_PROXIES: "loopback",
      PORT: "0",
    });
    const listening = await proxied.waitForLog("gateway listening");
    proxiedUrl = `http://127.0.0.1:${listening.port as number}`;
  });
  afterAll(() => proxied?.kill("SIGKILL"));

  it("counts failures per forwarded client: one client's guesses do not hold back another's keys", async () => {
    const prober = { "x-forwarded-for": "198.51.100.7" };
    const statuses: number[] = [];
    for (let index = 0; index <= DEFAULT_FAILURES_PER_MINUTE; index += 1)
      statuses.push((await usage(proxiedUrl, guess(1_000 + index), prober)).status);
    expect(statuses).toEqual([...Array(DEFAULT_FAILURES_PER_MINUTE).fill(401), 429]);

    // Another client behind the same proxy: its valid key and its mistakes count for it alone.
    const other = { "x-forwarded-for": "203.0.113.5" };
    expect((await usage(proxiedUrl, UNUSED_KEY, other)).status).toBe(200);
    expect((await usage(proxiedUrl, guess(2_000), other)).status).toBe(401);
    // The proxy's own address is not the client: its throttle (from the test above) does not apply.
    expect((await usage(proxiedUrl, UNUSED_KEY, { "x-forwarded-for": "203.0.113.6" })).status).toBe(200);
  });
});
