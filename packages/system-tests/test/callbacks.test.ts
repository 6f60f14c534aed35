import {
  type CallbackReceiver,
  companyRequest,
  type Harness,
  startCallbackReceiver,
  startHarness,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const OTHER_KEY = "other-key-fedcba9876543210";
/** A delivery's deadline, headers and body together. */
const CALLBACK_TIMEOUT_MS = 4_000;

let harness: Harness;
let receiver: CallbackReceiver;

beforeAll(async () => {
  receiver = await startCallbackReceiver({ trickleMs: 300 });
  harness = await startHarness({
    env: {
      API_KEYS: `${TEST_API_KEY},${OTHER_KEY}`,
      FETCH_ALLOW_PRIVATE: "1",
      BATCH_MAX_OPEN: "50",
      CALLBACK_TIMEOUT_MS: String(CALLBACK_TIMEOUT_MS),
      CALLBACK_BACKOFF_MS: "100",
      CALLBACK_ATTEMPTS: "3",
    },
  });
});
afterAll(async () => {
  await harness?.stop();
  await receiver?.close();
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function until<T>(look: () => T, what: string, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = look();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** Submits a one-item batch whose completion is announced to `callbackPath` on the receiver; returns its id. */
async function submit(question: string, callbackPath: string, key = TEST_API_KEY): Promise<string> {
  const response = await harness.post(
    "/v1/batches",
    {
      items: [{ type: "company", request: companyRequest(question) }],
      callbackUrl: `${receiver.origin}${callbackPath}`,
    },
    { "x-api-key": key },
  );
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

const deliveriesTo = (path: string) => receiver.deliveries.filter((delivery) => delivery.path === path);

describe("callback delivery", () => {
  it("cuts off a receiver that answers a byte at a time at CALLBACK_TIMEOUT_MS, headers and body together, and tries again", async () => {
    const id = await submit("Callbacks: is it hiring?", "/trickle/one");
    const first = await until(() => deliveriesTo("/trickle/one")[0], "the first delivery");
    expect(first.delivery).toBe(`cb-${id}-1`);
    const second = await until(() => deliveriesTo("/trickle/one")[1], "a second attempt", 4 * CALLBACK_TIMEOUT_MS);
    expect(second.delivery).toBe(`cb-${id}-2`);
    // The first was closed by Dossier, although bytes kept coming.
    expect(first.closedAt).toBeDefined();
  });

  it("shares the delivery slots between keys: a key whose receivers trickle does not hold up another key's callback", async () => {
    // More trickling deliveries of one key than a worker has slots.
    const stalling = Array.from({ length: 10 }, (_, index) => `/trickle/stall-${index}`);
    for (const [index, path] of stalling.entries()) await submit(`Callbacks: stall ${index}?`, path);
    await until(() => stalling.some((path) => deliveriesTo(path).length > 0), "one stalling delivery under way");

    await submit("Callbacks: the other key's batch?", "/ok/other-key", OTHER_KEY);
    const other = await until(() => deliveriesTo("/ok/other-key")[0], "the other key's callback");
    // It went out while the first key's deliveries were still being held open by their receivers,
    // before any of them reached its deadline.
    const stalled = stalling.flatMap((path) => deliveriesTo(path));
    const firstCutOff = Math.min(...stalled.map((delivery) => delivery.closedAt ?? Number.POSITIVE_INFINITY));
    expect(other.receivedAt).toBeLessThan(firstCutOff);
    expect(other.receivedAt).toBeLessThan(stalled[0]!.receivedAt + CALLBACK_TIMEOUT_MS);
  });
});
