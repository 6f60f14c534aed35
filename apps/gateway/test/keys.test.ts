import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { companyRequest, type Harness, repositoryRoot, startHarness } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

function dossier(...args: string[]) {
  return run(process.execPath, [join(repositoryRoot(), "apps/cli/dist/main.js"), ...args], {
    env: { PATH: process.env.PATH ?? "", ...harness.stack.redisEnv },
  });
}

describe("dossier keys", () => {
  it("creates a key shown once, lists it without the secret, and revokes it", async () => {
    const created = await dossier("keys", "create", "--name", "sales-team");
    const key = created.stdout.trim();
    expect(key).toMatch(/^dsk_[A-Za-z0-9_-]{32}$/);

    const ok = await harness.post("/v1/research/company", companyRequest("Created keys work?"), { "x-api-key": key });
    expect(ok.status).toBe(200);

    const listed = await dossier("keys", "list", "--json");
    const records = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(records).toEqual([expect.objectContaining({ name: "sales-team", revokedAt: null })]);
    expect(listed.stdout).not.toContain(key);

    const stored = await harness.stack.redis.hgetall(`${harness.stack.prefix}:apikeys`);
    const hashes = await harness.stack.redis.hgetall(`${harness.stack.prefix}:apikey-hashes`);
    expect(Object.keys(stored)).toHaveLength(1);
    expect(Object.keys(hashes)).toHaveLength(1);
    expect(JSON.stringify(stored) + JSON.stringify(hashes)).not.toContain(key);

    await dossier("keys", "revoke", "sales-team");
    const revoked = await harness.post("/v1/research/company", companyRequest("Revoked keys fail?"), {
      "x-api-key": key,
    });
    expect(revoked.status).toBe(401);
    expect(JSON.parse((await dossier("keys", "list", "--json")).stdout)[0].revokedAt).toEqual(expect.any(String));
  });

  it("refuses a name that keys list could not show on one line: empty, 5,000 characters, or holding a newline", async () => {
    const before = JSON.parse((await dossier("keys", "list", "--json")).stdout) as unknown[];
    for (const name of ["", "   ", "x".repeat(5_000), "team\nkey-forged  forged-row  2024-01-01  active"]) {
      await expect(dossier("keys", "create", "--name", name)).rejects.toMatchObject({
        stderr: expect.stringMatching(/--name/),
      });
    }
    expect(JSON.parse((await dossier("keys", "list", "--json")).stdout)).toHaveLength(before.length);
  });

  it("revoking an unknown key fails with a message", async () => {
    await expect(dossier("keys", "revoke", "nobody")).rejects.toMatchObject({
      stderr: expect.stringContaining("No active key"),
    });
  });
});
