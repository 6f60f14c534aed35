import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Harness, repositoryRoot, startHarness, TEST_API_KEY, TEST_COMPANY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

/** Runs the CLI with the gateway and key from DOSSIER_URL and DOSSIER_API_KEY, as a user would. */
async function dossier(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(repositoryRoot(), "apps/cli/dist/main.js"), ...args], {
      env: { PATH: process.env.PATH ?? "", DOSSIER_URL: harness.stack.baseUrl, DOSSIER_API_KEY: TEST_API_KEY },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

describe("dossier ask", () => {
  it("prints the answer as JSON, and the stages on stderr with --progress", async () => {
    const result = await dossier([
      "ask",
      "Is the company SOC 2 Type II certified? (CLI)",
      "--type",
      "BOOL",
      "--company",
      TEST_COMPANY.name,
      "--website",
      TEST_COMPANY.website,
      "--progress",
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ answerText: "true", answerNumber: 1 });
    expect(result.stderr).toMatch(/dossier: searching\n/);
    expect(result.stderr).toMatch(/dossier: reading \(\d+ pages\)\n/);
    expect(result.stderr).toMatch(/dossier: done\n/);
  });

  it("prints the problem and exits 1 when the gateway refuses the question", async () => {
    const result = await dossier(["ask", "CLI: which company?"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 422, code: "REQUEST_VALIDATION_FAILED" });
  });
});

describe("dossier jobs", () => {
  it("shows a job and follows its events as JSON lines", async () => {
    const accepted = await harness.post(
      "/v1/research/company",
      { question: "CLI: what does it make?", company: TEST_COMPANY },
      { prefer: "respond-async" },
    );
    const { id } = (await accepted.json()) as { id: string };
    const events = await dossier(["jobs", "events", id]);
    expect(events.code).toBe(0);
    const lines = events.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { event: string; data: { jobId: string } });
    expect(lines.at(-1)!.event).toBe("done");
    expect(lines.every((line) => line.data.jobId === id)).toBe(true);

    const shown = await dossier(["jobs", "show", id]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id, status: "done" });
    const missing = await dossier(["jobs", "show", "r-missing"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/404 JOB_NOT_FOUND/);
  });
});
