import { companyRequest, type Harness, problemOf, startHarness } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "second-key-0123456789abcdef";
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    env: { API_KEYS: `test-key-0123456789abcdef,${OTHER_KEY}` },
    gatewayEnv: { RATE_LIMIT_CALLS_PER_MINUTE: "3" },
  });
});
afterAll(async () => harness?.stop());

/**
 * Waits, when less than half of the current minute is left, for the next one to start: calls are
 * counted in fixed one-minute windows, and the calls of one test must fall in the same window.
 */
async function earlyInAWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 30_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe("per-key call limit", () => {
  it("counts calls down in RateLimit headers, then answers 429 with Retry-After, for that key only", async () => {
    await earlyInAWindow();
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await harness.post("/v1/research/company", companyRequest(`Limit question ${index}?`));
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("3");
      remaining.push(response.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const limited = await harness.post("/v1/research/company", companyRequest("One too many?"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    const problem = await problemOf(limited);
    expect(problem.code).toBe("RATE_LIMITED");
    expect(problem.detail).toMatch(/3 research calls per minute/);

    const other = await harness.post("/v1/research/company", companyRequest("Other key unaffected?"), {
      "x-api-key": OTHER_KEY,
    });
    expect(other.status).toBe(200);
  });

  it("does not count calls that fail authentication", async () => {
    const response = await harness.post("/v1/research/company", companyRequest("Bad key?"), {
      "x-api-key": "nope-nope-nope",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("ratelimit-limit")).toBeNull();
  });
});
