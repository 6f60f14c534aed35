import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  type ChangingSiteStack,
  type Harness,
  nordicClimateIndex,
  repositoryRoot,
  startChangingSiteStack,
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

async function dossier(
  args: string[],
  baseUrl = harness.stack.baseUrl,
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(repositoryRoot(), "apps/cli/dist/main.js"), ...args], {
      env: { PATH: process.env.PATH ?? "", DOSSIER_URL: baseUrl, DOSSIER_API_KEY: TEST_API_KEY },
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

describe("dossier list, when pages of the directory cannot be read", () => {
  let outage: ChangingSiteStack;
  const HOST = nordicClimateIndex.host;

  beforeAll(async () => {
    // The directory alone, found by every search and read anew by each list (no page cache).
    outage = await startChangingSiteStack({
      site: nordicClimateIndex,
      responder: statedOrDeniedResponder,
      searchSite: true,
      env: { API_KEYS: TEST_API_KEY, CACHE_TTL_SECONDS: "0" },
    });
  });
  afterAll(async () => {
    await outage?.stop();
  });

  const setStatus = (status: number | null) => {
    for (const page of nordicClimateIndex.pages) outage.site.setStatus(page.path, status);
  };

  it("warns of the pages it could not read when it found candidates elsewhere", async () => {
    outage.site.setStatus("/hiring", 503);
    try {
      const result = await dossier(
        ["list", "climate startups that are hiring engineers", "--criterion", "is hiring engineers", "--limit", "1"],
        outage.stack.baseUrl,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/list done \(limit_reached\)/);
      expect(result.stderr).toContain(
        `dossier: warning: 1 page could not be read: http://${HOST}/hiring (503); what it lists may be missing from the items\n`,
      );
    } finally {
      outage.site.setStatus("/hiring", null);
    }
  });

  it("prints the problem and the pages it could not read, and exits 1, when it found no candidate", async () => {
    setStatus(503);
    try {
      const result = await dossier(
        ["list", "climate startups that are hiring engineers", "--criterion", "is hiring engineers"],
        outage.stack.baseUrl,
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/dossier: list failed; criteria: c1: is hiring engineers\n/);
      expect(result.stderr).toMatch(
        new RegExp(
          `dossier: Research failed \\(RESEARCH_FAILED\\): The list found no candidate: its discovery could not read http://${HOST.replaceAll(".", "\\.")}/\\S+ \\(503\\).*try again later\\.\\n`,
        ),
      );
      expect(result.stderr).toMatch(
        new RegExp(`dossier: \\d+ pages? could not be read: http://${HOST.replaceAll(".", "\\.")}/\\S* \\(503\\)`),
      );
      expect(result.stderr).not.toContain("warning");
    } finally {
      setStatus(null);
    }
  });
});
