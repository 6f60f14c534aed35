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

  it("watches a list with --list, and shows its objective in the list of watches", async () => {
    const accepted = await harness.post("/v1/lists", {
      objective: "robotics companies that sell to bakeries",
      entityType: "company",
      limit: 5,
      effort: "lite",
    });
    expect(accepted.status).toBe(202);
    const listId = ((await accepted.json()) as { id: string }).id;
    const created = await dossier(["watch", "create", "--list", listId, "--every", "2d"]);
    expect(created.code, created.stderr).toBe(0);
    const watch = JSON.parse(created.stdout) as WatchView;
    expect(watch).toMatchObject({
      list: listId,
      every: "2d",
      listRequest: { objective: "robotics companies that sell to bakeries", limit: 5 },
    });
    expect((await dossier(["watch", "list"])).stdout).toMatch(
      new RegExp(`^${watch.id}  active  every 2d .*list ${listId}: robotics companies that sell to bakeries$`, "m"),
    );
    const both = await dossier(["watch", "create", "Hiring?", "--list", listId, "--every", "1d"]);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toMatch(/not both/);
    expect((await dossier(["watch", "delete", watch.id])).stdout).toBe(`Deleted ${watch.id}.\n`);
  });

  it("prints the problem and exits 1 for an interval out of range", async () => {
    const result = await dossier(["watch", "create", "Hiring?", "--every", "45m", "--company", TEST_COMPANY.name]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 422, errors: [{ path: "every" }] });
  });
});
