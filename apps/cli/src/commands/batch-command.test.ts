import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeChatServer, repositoryRoot, type Stack, startFakeChatServer, startStack } from "@dossier/testing";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const KEY = "cli-key-0123456789abcdef";
let model: FakeChatServer;
let stack: Stack;

beforeAll(async () => {
  model = await startFakeChatServer({ latencyMs: 400 });
  stack = await startStack({
    env: { OPENAI_BASE_URL: model.url, API_KEYS: KEY, WORKER_CONCURRENCY: "2" },
  });
});
afterAll(async () => {
  await stack?.stop();
  await model?.close();
});

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function runCli(args: string[]) {
  const child = spawn(process.execPath, [join(repositoryRoot(), "apps/cli/dist/main.js"), ...args], {
    env: { PATH: process.env.PATH ?? "", ...stack.redisDeployment.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function countBatches(): Promise<number> {
  const keys = await stack.redis.keys(`${stack.prefix}:batch:b-*`);
  return keys.filter((key) => !/:(items|pending|outcomes)$/.test(key)).length;
}

describe("dossier batch", () => {
  it("writes answers beside the input columns and resumes after a crash without resubmitting", async () => {
    const directory = await mkdtemp(join(tmpdir(), "dossier-batch-"));
    const input = join(directory, "leads.csv");
    const out = join(directory, "results.csv");
    const names = ["Alder Finch", "Brightleaf", "Kestrel", "Lindenhof", "Meridian Solar", "Quillstone"];
    await writeFile(
      input,
      `Company Name,Domain,Owner\n${names.map((name, index) => `${name},${name.toLowerCase().replace(/ /g, "")}.test,rep-${index}`).join("\n")}\n`,
    );
    const args = [
      "batch",
      input,
      "--type",
      "company",
      "--question",
      "Is it SOC 2 certified?",
      "--response-type",
      "BOOL",
      "--out",
      out,
      "--url",
      stack.baseUrl,
      "--key",
      KEY,
      "--chunk-size",
      "2",
      "--poll-ms",
      "100",
    ];

    const first = runCli(args);
    const deadline = Date.now() + 15_000;
    // Crash once every batch was submitted and before all are finished.
    while (Date.now() < deadline) {
      if (existsSync(`${out}.state.json`)) {
        const state = JSON.parse(await readFile(`${out}.state.json`, "utf8")) as {
          chunks: Array<{ batchId?: string }>;
        };
        if (state.chunks.length === 3 && state.chunks.every((chunk) => chunk.batchId)) break;
      }
      await sleep(20);
    }
    first.child.kill("SIGKILL");
    await first.exited;
    expect(await countBatches()).toBe(3);

    const second = runCli(args);
    expect(await second.exited).toBe(0);
    expect(second.stderr()).toMatch(/rows\/s ETA/);
    expect(second.stderr()).toMatch(/6 rows written/);
    expect(await countBatches()).toBe(3);

    const rows = parse(await readFile(out, "utf8"), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => row["Company Name"])).toEqual(names);
    expect(rows.map((row) => row.Owner)).toEqual(names.map((_, index) => `rep-${index}`));
    for (const row of rows) {
      expect(row.status).toBe("200");
      expect(row.confidence).toMatch(/^[0-9.]+$/);
    }
    // Each company was researched once across both runs.
    for (const name of names)
      expect(model.requests.filter((request) => request.userText.includes(name)).length).toBeLessThanOrEqual(2);
  });

  it("maps columns with --map and reports a row that fails validation in the error column", async () => {
    const directory = await mkdtemp(join(tmpdir(), "dossier-batch-"));
    const input = join(directory, "people.csv");
    const out = join(directory, "people-out.csv");
    await writeFile(input, "Given,Family,Employer\nJane,Doe,Northwind Robotics\n,,\n");
    const run = runCli([
      "batch",
      input,
      "--type",
      "person",
      "--question",
      "Which city?",
      "--out",
      out,
      "--url",
      stack.baseUrl,
      "--key",
      KEY,
      "--map",
      "Given=firstName",
      "--map",
      "Family=lastName",
      "--map",
      "Employer=company.name",
      "--poll-ms",
      "100",
    ]);
    expect(await run.exited).toBe(0);
    const rows = parse(await readFile(out, "utf8"), { columns: true }) as Array<Record<string, string>>;
    expect(rows[0]).toMatchObject({ Given: "Jane", status: "200" });
    expect(rows[1]!.status).toBe("422");
    expect(rows[1]!.error).toMatch(/^REQUEST_VALIDATION_FAILED/);
  });

  it("writes a 422 for each row of a file whose rows are all invalid, which the API refuses without storing a batch", async () => {
    const directory = await mkdtemp(join(tmpdir(), "dossier-batch-"));
    const input = join(directory, "empty.csv");
    const out = join(directory, "empty-out.csv");
    await writeFile(input, "name,website\n,\n,\n");
    const before = await countBatches();
    const run = runCli([
      "batch",
      input,
      "--type",
      "company",
      "--question",
      "Hiring?",
      "--out",
      out,
      "--url",
      stack.baseUrl,
      "--key",
      KEY,
    ]);
    expect(await run.exited).toBe(0);
    const rows = parse(await readFile(out, "utf8"), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => row.status)).toEqual(["422", "422"]);
    expect(rows[0]!.error).toMatch(/^REQUEST_VALIDATION_FAILED: /);
    expect(await countBatches()).toBe(before);
  });

  it("writes no cell a spreadsheet would run as a formula, and keeps numbers and E.164 phones", async () => {
    const directory = await mkdtemp(join(tmpdir(), "dossier-batch-"));
    const input = join(directory, "formulas.csv");
    const out = join(directory, "formulas-out.csv");
    await writeFile(
      input,
      'Company Name,Phone,Score,Note\n"=HYPERLINK(""http://evil.test"",""x"")",+4930123456,-12,@SUM(A1:A9)\n',
    );
    const args = ["batch", input, "--type", "company", "--question", "Formulas?", "--out", out, "--url", stack.baseUrl];
    const run = runCli([...args, "--key", KEY, "--poll-ms", "100"]);
    expect(await run.exited).toBe(0);
    const rows = parse(await readFile(out, "utf8"), { columns: true }) as Array<Record<string, string>>;
    expect(rows[0]).toMatchObject({
      "Company Name": '\'=HYPERLINK("http://evil.test","x")',
      Phone: "+4930123456",
      Score: "-12",
      Note: "'@SUM(A1:A9)",
      status: "200",
    });
  });
});
