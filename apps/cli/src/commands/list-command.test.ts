import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  type Harness,
  nordicClimateIndex,
  repositoryRoot,
  startHarness,
  statedOrDeniedResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ extraSites: [nordicClimateIndex] });
  harness.model.setResponder(statedOrDeniedResponder);
});
afterAll(async () => harness?.stop());

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

describe("dossier list", () => {
  it("finds the matches, shows progress on stderr and writes every item as CSV", async () => {
    const out = join(await mkdtemp(join(tmpdir(), "dossier-list-")), "leads.csv");
    const result = await dossier([
      "list",
      "climate startups that are hiring engineers",
      "--criterion",
      "climate=is a climate startup",
      "--criterion",
      "hiring=is hiring engineers",
      "--limit",
      "2",
      "--out",
      out,
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/dossier: list l-\S+ started\n/);
    expect(result.stderr).toMatch(/candidates decided · \d+ matched/);
    expect(result.stderr).toMatch(/dossier: 2 matches; every item written to /);
    expect(result.stderr).toMatch(
      /list done \(limit_reached\); criteria: climate: is a climate startup; hiring: is hiring engineers/,
    );
    const lines = (await readFile(out, "utf8")).trim().split("\r\n");
    expect(lines[0]).toMatch(
      /^index,id,status,name,website,linkedinUrl,foundOn,climate,climate\.quote,climate\.source,hiring,/,
    );
    expect(lines.filter((line) => line.includes(",matched,"))).toHaveLength(2);
  });

  it("prints the problem and exits 1 for a limit out of range", async () => {
    const result = await dossier(["list", "climate startups", "--limit", "0"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 422, errors: [{ path: "limit" }] });
  });
});
