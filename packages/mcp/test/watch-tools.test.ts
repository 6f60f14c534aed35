import type { WatchView } from "@dossier/contract";
import { companyRequest, type Harness, startHarness, TEST_API_KEY } from "@dossier/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
let client: Client;

beforeAll(async () => {
  harness = await startHarness();
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

type TextContent = Array<{ type: string; text?: string }>;
const textOf = (content: unknown) => (content as TextContent).map((part) => part.text ?? "").join("\n");

describe("the watch tools", () => {
  it("create a watch, run it and wait, read its status and changes, and delete it", async () => {
    const created = await client.callTool({
      name: "create_watch",
      arguments: {
        request: {
          type: "company",
          request: companyRequest("How many people work there? (MCP watch)", { responseType: "NUMBER" }),
        },
        every: "1d",
      },
    });
    expect(created.isError).toBeFalsy();
    const watch = created.structuredContent as WatchView;
    expect(watch.id).toMatch(/^w-/);
    expect(textOf(created.content)).toMatch(
      /^Watch w-\S+ \(active\), every 1d: How many people work there\? \(MCP watch\)/,
    );

    const ran = await client.callTool({ name: "run_watch", arguments: { id: watch.id, wait: true } });
    expect((ran.structuredContent as WatchView).lastRun).toMatchObject({
      outcome: expect.stringMatching(/^(baseline|unchanged)$/),
    });
    expect(textOf(ran.content)).toMatch(/Last run .*: (baseline|unchanged)\./);

    const status = await client.callTool({ name: "watch_status", arguments: { id: watch.id } });
    expect((status.structuredContent as WatchView).id).toBe(watch.id);
    const events = await client.callTool({ name: "watch_events", arguments: { id: watch.id } });
    expect(events.structuredContent).toEqual({ data: [], has_more: false });
    expect(textOf(events.content)).toBe("No changes found.");

    const deleted = await client.callTool({ name: "delete_watch", arguments: { id: watch.id } });
    expect(deleted.structuredContent).toEqual({ id: watch.id, deleted: true });
    const gone = await client.callTool({ name: "watch_status", arguments: { id: watch.id } });
    expect(gone.isError).toBe(true);
    expect(textOf(gone.content)).toMatch(/^404 WATCH_NOT_FOUND/);
  });

  it("answers a bad interval as a tool error naming the field", async () => {
    const refused = await client.callTool({
      name: "create_watch",
      arguments: { request: { type: "company", request: companyRequest("Hiring?") }, every: "1y" },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused.content)).toMatch(/422 REQUEST_VALIDATION_FAILED[\s\S]*- every: must be a duration/);
  });
});
