import { join } from "node:path";
import { companyResearchRequestSchema } from "@dossier/contract";
import {
  companyRequest,
  type Harness,
  problemOf,
  repositoryRoot,
  startHarness,
  TEST_API_KEY,
  TEST_COMPANY,
} from "@dossier/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

/** A client of `pnpm dossier mcp`, the stdio server, as an MCP host starts it. */
async function connectStdio(): Promise<Client> {
  const client = new Client({ name: "dossier-tests", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(repositoryRoot(), "apps/cli/dist/main.js"), "mcp"],
      env: { PATH: process.env.PATH ?? "", DOSSIER_URL: harness.stack.baseUrl, DOSSIER_API_KEY: TEST_API_KEY },
      stderr: "pipe",
    }),
  );
  return client;
}

/** A client of the gateway's `/mcp`, over streamable HTTP with the API key. */
async function connectHttp(): Promise<Client> {
  const client = new Client({ name: "dossier-tests", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${harness.stack.baseUrl}/mcp`), {
      requestInit: { headers: { "x-api-key": TEST_API_KEY } },
    }),
  );
  return client;
}

type TextContent = Array<{ type: string; text?: string }>;
const textOf = (content: unknown) => (content as TextContent).map((part) => part.text ?? "").join("\n");

describe.each([
  ["stdio (pnpm dossier mcp)", connectStdio],
  ["streamable HTTP (/mcp)", connectHttp],
])("the MCP server over %s", (_transport, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => client?.close());

  it("lists the tools of research, batches, lists and watches, their input schemas generated from the contract", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "batch_results",
      "batch_status",
      "create_watch",
      "delete_watch",
      "find_all",
      "list_items",
      "research_company",
      "research_person",
      "run_watch",
      "submit_batch",
      "watch_events",
      "watch_status",
    ]);
    const company = tools.find((tool) => tool.name === "research_company")!;
    const properties = company.inputSchema.properties as Record<string, { description?: string }>;
    expect(Object.keys(properties).sort()).toEqual(Object.keys(companyResearchRequestSchema.shape).sort());
    expect(properties.question!.description).toBe(companyResearchRequestSchema.shape.question.description);
    expect(company.outputSchema?.properties).toHaveProperty("sources");
    const person = tools.find((tool) => tool.name === "research_person")!;
    expect(person.inputSchema.properties).toHaveProperty("person");
  });

  it("answers research_company with the gateway's answer, its sources, and progress along the way", async () => {
    const request = companyRequest(`Is the company SOC 2 Type II certified? (MCP ${_transport})`, {
      responseType: "BOOL",
    });
    const progress: Progress[] = [];
    const result = await client.callTool({ name: "research_company", arguments: request }, undefined, {
      onprogress: (update) => progress.push(update),
    });
    expect(result.isError).toBeFalsy();
    const sync = await (await harness.post("/v1/research/company", request)).json();
    expect(result.structuredContent).toEqual(sync);
    const text = textOf(result.content);
    expect(text).toMatch(/^Answer: true/);
    expect(text).toContain((sync as { sources: string[] }).sources[0]);
    expect(progress.map((update) => update.message)).toContain("searching");
    expect(progress.some((update) => /^reading \(\d+ pages\)$/.test(update.message ?? ""))).toBe(true);
    const values = progress.map((update) => update.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    for (const update of progress) expect(update.total).toBe(6);
  });

  it("answers research_person with the enriched person", async () => {
    const result = await client.callTool({
      name: "research_person",
      arguments: {
        question: "MCP: what is her role?",
        person: { firstName: "Sarah", lastName: "Chen", company: TEST_COMPANY },
      },
    });
    expect(result.structuredContent).toMatchObject({ person: { firstName: "Sarah", lastName: "Chen" } });
  });

  it("reports the gateway's problem as a tool error naming the field", async () => {
    const result = await client.callTool({ name: "research_company", arguments: { question: "", company: {} } });
    expect(result.isError).toBe(true);
    expect(textOf(result.content)).toMatch(/422 REQUEST_VALIDATION_FAILED/);
    expect(textOf(result.content)).toMatch(/- question: /);
  });

  it("submits a batch, waits for it with progress, and reads its status and results", async () => {
    const progress: Progress[] = [];
    harness.model.setLatency(300);
    const submitted = await client
      .callTool(
        {
          name: "submit_batch",
          arguments: {
            wait: true,
            items: [
              { type: "company", ref: "one", request: companyRequest(`MCP batch ${_transport}: one?`) },
              { type: "company", ref: "two", request: companyRequest(`MCP batch ${_transport}: two?`) },
            ],
          },
        },
        undefined,
        { onprogress: (update) => progress.push(update) },
      )
      .finally(() => harness.model.setLatency(0));
    const batch = submitted.structuredContent as { id: string; status: string; total: number };
    expect(batch).toMatchObject({ status: "done", total: 2, completed: 2 });
    expect(progress.length).toBeGreaterThan(0);
    for (const update of progress)
      expect(update).toMatchObject({ total: 2, message: expect.stringContaining(batch.id) });

    const status = await client.callTool({ name: "batch_status", arguments: { id: batch.id } });
    expect(status.structuredContent).toMatchObject({ id: batch.id, status: "done" });

    const first = await client.callTool({ name: "batch_results", arguments: { id: batch.id, limit: 1 } });
    const page = first.structuredContent as {
      lines: Array<{ ref: string; status: number }>;
      next_after: number | null;
    };
    expect(page.lines.map((line) => [line.ref, line.status])).toEqual([["one", 200]]);
    expect(page.next_after).toBe(0);
    const rest = await client.callTool({ name: "batch_results", arguments: { id: batch.id, after: page.next_after } });
    const last = rest.structuredContent as { lines: Array<{ ref: string }>; next_after: number | null };
    expect(last.lines.map((line) => line.ref)).toEqual(["two"]);
    expect(last.next_after).toBeNull();
    expect(textOf(rest.content)).toContain("All lines read.");
  });

  it("names a missing batch", async () => {
    const result = await client.callTool({ name: "batch_status", arguments: { id: "b-missing" } });
    expect(result.isError).toBe(true);
    expect(textOf(result.content)).toMatch(/404 BATCH_NOT_FOUND/);
  });
});

describe("/mcp", () => {
  it("requires the API key like every other call", async () => {
    const response = await fetch(`${harness.stack.baseUrl}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect((await problemOf(response)).code).toBe("AUTH_MISSING_KEY");
  });
});
