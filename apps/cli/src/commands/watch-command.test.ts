import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { WatchView } from "@dossier/contract";
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

describe("dossier watch", () => {
  it("creates, runs, lists, shows and deletes a watch", async () => {
    const created = await dossier([
      "watch",
      "create",
      "How many people work there? (CLI watch)",
      "--every",
      "1d",
      "--type",
      "NUMBER",
      "--company",
      TEST_COMPANY.name,
      "--website",
      TEST_COMPANY.website,
      "--metadata",
      "row=7",
    ]);
    expect(created.code).toBe(0);
    const watch = JSON.parse(created.stdout) as WatchView;
    expect(watch).toMatchObject({ id: expect.stringMatching(/^w-/), every: "1d", metadata: { row: "7" } });

    const ran = await dossier(["watch", "run", watch.id, "--wait", "--timeout", "30"]);
    expect(ran.code).toBe(0);
    expect(JSON.parse(ran.stdout)).toMatchObject({ trigger: expect.stringMatching(/^(created|manual)$/) });

    const listed = await dossier(["watch", "list"]);
    expect(listed.stdout).toMatch(
      new RegExp(`^${watch.id}  active  every 1d .*How many people work there\\? \\(CLI watch\\)$`, "m"),
    );
    expect(JSON.parse((await dossier(["watch", "show", watch.id])).stdout)).toMatchObject({ id: watch.id });
    expect((await dossier(["watch", "events", watch.id])).stdout).toBe("No changes yet.\n");

    expect((await dossier(["watch", "delete", watch.id])).stdout).toBe(`Deleted ${watch.id}.\n`);
    const gone = await dossier(["watch", "show", watch.id]);
    expect(gone.code).toBe(1);
    expect(JSON.parse(gone.stdout)).toMatchObject({ status: 404, code: "WATCH_NOT_FOUND" });
  });

  it("prints the problem and exits 1 for an interval out of range", async () => {
    const result = await dossier(["watch", "create", "Hiring?", "--every", "45m", "--company", TEST_COMPANY.name]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 422, errors: [{ path: "every" }] });
  });
});
