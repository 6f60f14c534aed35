import { type Harness, problemOf, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

function expectProblem(response: Response, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
}

describe("malformed paths", () => {
  const secret = "jane.doe%40private-mail.test";

  it.each(["/v1/jobs/%ZZ", "/v1/batches/%ZZ", "/v1/batches/%ZZ/results"])(
    "%s is 400 with a key and without, and no log line holds the path",
    async (template) => {
      const path = template.replace("%ZZ", `${secret}%ZZ`);
      const withAndWithoutKey: Array<Record<string, string>> = [{ "x-api-key": TEST_API_KEY }, {}];
      for (const headers of withAndWithoutKey) {
        const response = await fetch(`${harness.stack.baseUrl}${path}`, { headers });
        expectProblem(response, 400);
        expect((await problemOf(response)).code).toBe("REQUEST_MALFORMED_PATH");
      }
      const text = harness.stack.logLines().join("\n");
      expect(text).not.toContain("jane.doe");
      expect(text).not.toContain("private-mail");
      expect(text).not.toContain("%ZZ");
    },
  );
});
