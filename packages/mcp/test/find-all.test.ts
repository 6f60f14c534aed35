import {
  type Harness,
  nordicClimateIndex,
  startHarness,
  statedOrDeniedResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
let client: Client;

beforeAll(async () => {
  harness = await startHarness({ extraSites: [nordicClimateIndex] });
  harness.model.setResponder(statedOrDeniedResponder);
  client = new Client({ name: "dossier-tests", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${harness.stack.baseUrl}/mcp`), {
      requestInit: { headers: { "x-api-key": TEST_API_KEY } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await harness?.stop();
});

interface ListResult {
  list: { id: string; status: string; stopReason?: string; counts: { matched: number } };
  items: Array<{ index: number; status: string; company?: { name?: string }; verdicts: unknown[] }>;
  next_after: number | null;
}

describe("find_all", () => {
  it("waits for the list with progress and answers its matches with each criterion's quote", async () => {
    const updates: Progress[] = [];
    const result = await client.callTool(
      {
        name: "find_all",
        arguments: {
          objective: "climate startups that are hiring engineers",
          entityType: "company",
          criteria: [
            { id: "climate", description: "is a climate startup" },
            { id: "hiring", description: "is hiring engineers" },
          ],
          limit: 3,
        },
      },
      undefined,
      { onprogress: (update) => updates.push(update), timeout: 60_000 },
    );
    expect(result.isError).toBeFalsy();
    const content = result.structuredContent as unknown as ListResult;
    expect(content.list).toMatchObject({ status: "done", stopReason: "limit_reached", counts: { matched: 3 } });
    expect(content.items).toHaveLength(3);
    expect(content.items.every((item) => item.status === "matched")).toBe(true);
    const text = (result.content as Array<{ text?: string }>).map((part) => part.text ?? "").join("\n");
    expect(text).toMatch(/hiring: yes — "[^"]+ is hiring engineers\."/);
    expect(updates.length).toBeGreaterThan(0);

    const unmatched = await client.callTool({
      name: "list_items",
      arguments: { id: content.list.id, status: "unmatched" },
    });
    expect(unmatched.isError).toBeFalsy();
    expect(
      (unmatched.structuredContent as unknown as ListResult).items.every((item) => item.status === "unmatched"),
    ).toBe(true);
  });

  it("reports a bad request as a tool error naming the field", async () => {
    const result = await client.callTool({
      name: "find_all",
      arguments: { objective: "x", entityType: "company", limit: 0 },
    });
    expect(result.isError).toBe(true);
    expect((result.content as Array<{ text?: string }>)[0]?.text).toMatch(/limit/);
  });
});
