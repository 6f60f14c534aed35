import { describe, expect, it } from "vitest";
import { runClosedLoop } from "./run-closed-loop.js";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("runClosedLoop", () => {
  it("never has more operations in flight than its concurrency, and keeps every lane busy", async () => {
    let inFlight = 0;
    let most = 0;
    const lanes = new Set<number>();
    const result = await runClosedLoop({
      concurrency: 4,
      durationMs: 60_000,
      maxOperations: 40,
      operation: async (_index, lane) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        lanes.add(lane);
        await tick();
        inFlight -= 1;
        return "ok";
      },
    });
    expect(most).toBe(4);
    expect([...lanes].sort()).toEqual([0, 1, 2, 3]);
    expect(result.completed).toBe(40);
    expect(result.outcomes).toEqual({ ok: 40 });
  });

  it("stops at maxOperations long before the window ends", async () => {
    let calls = 0;
    const result = await runClosedLoop({
      concurrency: 3,
      durationMs: 600_000,
      maxOperations: 10,
      operation: async () => {
        calls += 1;
        await tick();
        return "ok";
      },
    });
    expect(calls).toBe(10);
    expect(result.completed).toBe(10);
    expect(result.perSecond).toBeGreaterThan(0);
  });

  it("counts throws as errors and keeps the first message", async () => {
    const result = await runClosedLoop({
      concurrency: 1,
      durationMs: 60_000,
      maxOperations: 4,
      operation: async (index) => {
        if (index % 2 === 1) throw new Error(`failure ${index}`);
        return "200";
      },
    });
    expect(result.outcomes).toEqual({ "200": 2, error: 2 });
    expect(result.firstError).toBe("failure 1");
  });

  it("does not count operations that finish during the warm-up", async () => {
    const result = await runClosedLoop({
      concurrency: 1,
      durationMs: 0,
      warmupMs: 60_000,
      maxOperations: 5,
      operation: async () => {
        await tick();
        return "ok";
      },
    });
    expect(result.completed).toBe(0);
  });

  it("opens the window only after warmupOperations have finished", async () => {
    const result = await runClosedLoop({
      concurrency: 2,
      durationMs: 60_000,
      warmupOperations: 6,
      maxOperations: 10,
      operation: async () => {
        await tick();
        return "ok";
      },
    });
    expect(result.totalFinished).toBe(10);
    expect(result.completed).toBe(4);
  });

  it("runs prepare before each operation, outside its latency", async () => {
    const order: string[] = [];
    await runClosedLoop({
      concurrency: 1,
      durationMs: 60_000,
      maxOperations: 2,
      prepare: async (index) => {
        order.push(`prepare ${index}`);
      },
      operation: async (index) => {
        order.push(`run ${index}`);
        return "ok";
      },
    });
    expect(order).toEqual(["prepare 0", "run 0", "prepare 1", "run 1"]);
  });
});
