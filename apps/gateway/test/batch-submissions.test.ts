import { companyRequest, type Harness, problemOf, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const KEYS = {
  submissions: "submissions-key-0123456789",
  items: "items-key-0123456789abcdef",
  kept: "kept-key-0123456789abcdefg",
  invalid: "invalid-key-0123456789abcd",
};
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    env: { API_KEYS: [TEST_API_KEY, ...Object.values(KEYS)].join(",") },
    gatewayEnv: {
      RATE_LIMIT_CALLS_PER_MINUTE: "4",
      RATE_LIMIT_BATCH_ITEMS_PER_MINUTE: "6",
      BATCH_MAX_KEPT_ITEMS: "5",
      BATCH_MAX_OPEN: "20",
    },
  });
});
afterAll(async () => harness?.stop());

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Waits, when less than half of the current minute is left, for the next one to start: calls and
 * items are counted in fixed one-minute windows, and those of one test must fall in the same window.
 */
async function earlyInAWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 30_000) await sleep(left + 50);
}

function batchOf(count: number, question: string) {
  return {
    items: Array.from({ length: count }, (_, index) => ({
      type: "company",
      ref: `row-${index}`,
      request: companyRequest(`${question} ${index}?`),
    })),
  };
}

const submit = (body: unknown, key: string) => harness.post("/v1/batches", body, { "x-api-key": key });

/** The batches a key can list. */
async function listed(key: string): Promise<unknown[]> {
  const response = await fetch(`${harness.stack.baseUrl}/v1/batches`, { headers: { "x-api-key": key } });
  return ((await response.json()) as { data: unknown[] }).data;
}

/** Batches stored under the stack's prefix (their bookkeeping hashes). */
async function batchKeysInRedis(): Promise<number> {
  const keys = await harness.stack.redis.keys(`${harness.stack.prefix}:batch:*`);
  return keys.filter((key) => !key.slice(`${harness.stack.prefix}:batch:`.length).includes(":")).length;
}

describe("cheap huge batches", () => {
  it("plans a 10,000-item body off the event loop, and refuses a batch whose items are all invalid with 422 naming them, storing nothing", async () => {
    const items = Array.from({ length: 10_000 }, () => ({ type: "company", request: { question: "", company: {} } }));
    const before = await batchKeysInRedis();
    const submitted = submit({ items }, KEYS.invalid);
    // While the body is parsed and checked, the gateway keeps answering: /metrics shows it at work.
    let seenPlanning = false;
    let answered: Response | undefined;
    void submitted.then((response) => {
      answered = response;
    });
    while (!answered) {
      const metrics = await (await fetch(`${harness.stack.baseUrl}/metrics`)).text();
      if (/^dossier_batch_bodies_planning 1$/m.test(metrics)) {
        seenPlanning = true;
        expect((await fetch(`${harness.stack.baseUrl}/healthz`)).status).toBe(200);
      }
      await sleep(10);
    }
    expect(seenPlanning).toBe(true);

    const refused = await submitted;
    expect(refused.status).toBe(422);
    const problem = await problemOf(refused);
    expect(problem.code).toBe("REQUEST_VALIDATION_FAILED");
    expect(problem.detail).toMatch(/All 10,000 items of the batch are invalid, so nothing was stored/);
    expect(problem.errors?.[0]).toEqual({ path: "items[0].request.question", message: expect.any(String) });
    expect(problem.errors?.length).toBeGreaterThan(1);
    expect(await listed(KEYS.invalid)).toEqual([]);
    expect(await batchKeysInRedis()).toBe(before);
  });

  it("counts each submission against the key's calls per minute, and its items against the key's batch items per minute", async () => {
    await earlyInAWindow();
    for (let index = 0; index < 4; index += 1) {
      expect((await submit(batchOf(1, `Submission ${index}`), KEYS.submissions)).status).toBe(202);
    }
    const fifth = await submit(batchOf(1, "Submission 4"), KEYS.submissions);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await problemOf(fifth)).code).toBe("RATE_LIMITED");
    expect(await listed(KEYS.submissions)).toHaveLength(4);

    expect((await submit(batchOf(4, "Items"), KEYS.items)).status).toBe(202);
    const over = await submit(batchOf(3, "More items"), KEYS.items);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    const problem = await problemOf(over);
    expect(problem.code).toBe("RATE_LIMITED");
    expect(problem.detail).toMatch(/6 batch items per minute/);
    expect(await listed(KEYS.items)).toHaveLength(1);
  });

  it("bounds the items one key keeps in Redis: a batch past BATCH_MAX_KEPT_ITEMS is refused with 429 and nothing stored", async () => {
    await earlyInAWindow();
    expect((await submit(batchOf(4, "Kept"), KEYS.kept)).status).toBe(202);
    const before = await batchKeysInRedis();
    const over = await submit(batchOf(2, "Past the bound"), KEYS.kept);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    const problem = await problemOf(over);
    expect(problem.code).toBe("BATCH_STORAGE_LIMIT_REACHED");
    expect(problem.detail).toMatch(/hold 4 items; these 2 would pass its limit of 5/);
    expect(await listed(KEYS.kept)).toHaveLength(1);
    expect(await batchKeysInRedis()).toBe(before);
  });
});
