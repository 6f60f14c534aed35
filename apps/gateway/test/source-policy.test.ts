import {
  companyRequest,
  type Harness,
  parsePromptPassages,
  problemOf,
  researchBodyOf,
  startHarness,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  // Every page is read from the simulated web, so that what a call reads shows in its requests.
  harness = await startHarness({ env: { CACHE_TTL_SECONDS: "0" } });
});
afterAll(async () => harness?.stop());

const host = (url: string) => new URL(url).hostname;

/** Asks, and returns the answer with the hosts the call read and the passage URLs the model saw. */
async function ask(question: string, sourcePolicy?: Record<string, unknown>) {
  const webBefore = harness.world.web.requests.length;
  const modelBefore = harness.model.requests.length;
  const response = await harness.post(
    "/v1/research/company",
    companyRequest(question, sourcePolicy ? { sourcePolicy } : {}),
  );
  expect(response.status).toBe(200);
  const body = await researchBodyOf(response);
  const prompt = harness.model.requests.slice(modelBefore).at(-1)?.userText ?? "";
  return {
    body,
    hostsRead: new Set(harness.world.web.requests.slice(webBefore).map((request) => request.host)),
    passageUrls: parsePromptPassages(prompt).map((passage) => passage.url),
    search: harness.world.search.requests.at(-1)!,
  };
}

describe("sourcePolicy", () => {
  it("excludeDomains keeps the subject's own site unread, tells the search provider, and says so in details", async () => {
    const { body, hostsRead, passageUrls, search } = await ask("Policy: who founded the company?", {
      excludeDomains: ["northwind-robotics.test"],
    });
    expect(hostsRead.has("northwind-robotics.test")).toBe(false);
    expect(passageUrls.length).toBeGreaterThan(0);
    expect(passageUrls.some((url) => host(url).endsWith("northwind-robotics.test"))).toBe(false);
    expect(search).toMatchObject({ excludeDomains: ["northwind-robotics.test"] });
    expect(body.details).toContain("The source policy (not northwind-robotics.test) kept out the subject's own site");
  });

  it("includeDomains reads only those domains besides the subject's own site", async () => {
    const question = "Policy: who led the Series C round?";
    const unrestricted = await ask(question);
    // Without a policy, search leads to a third site too.
    expect([...unrestricted.hostsRead].sort()).toEqual([
      "brightleaf-payments.test",
      "ledgerstreet.test",
      "northwind-robotics.test",
    ]);
    const { hostsRead, passageUrls, search } = await ask(`${question.slice(0, -1)}, exactly?`, {
      includeDomains: ["ledgerstreet.test"],
    });
    expect(search.includeDomains.sort()).toEqual(["ledgerstreet.test", "northwind-robotics.test"]);
    expect([...hostsRead].sort()).toEqual(["ledgerstreet.test", "northwind-robotics.test"]);
    expect(passageUrls.map(host)).toContain("ledgerstreet.test");
    for (const url of passageUrls) expect(["ledgerstreet.test", "northwind-robotics.test"]).toContain(host(url));
  });

  it("after drops pages whose stated publication date is earlier", async () => {
    const question = "Policy: how much did the Series C round raise?";
    const unrestricted = await ask(question);
    expect(unrestricted.passageUrls).toContain("https://northwind-robotics.test/news/series-c");
    const { body, passageUrls } = await ask(question.replace("raise?", "raise, lately?"), {
      after: "2023-06-01",
    });
    // The press release is dated 2023-03-14; undated pages such as the home page stay.
    expect(passageUrls).not.toContain("https://northwind-robotics.test/news/series-c");
    expect(passageUrls).toContain("https://northwind-robotics.test/");
    expect(body.details).toMatch(/nothing dated before 2023-06-01\) kept out (\d+ search results? and )?\d+ pages?\./);
  });

  it("says in details when the policy left no evidence", async () => {
    const { body, hostsRead } = await ask("Policy: is the company SOC 2 certified?", {
      includeDomains: ["nothing-here.test"],
      excludeDomains: ["northwind-robotics.test"],
    });
    expect(hostsRead.size).toBe(0);
    expect(body.answerText).toBeNull();
    expect(body.details).toContain(
      "The source policy (only nothing-here.test; not northwind-robotics.test) left no evidence: it kept out the subject's own site",
    );
  });

  it.each([
    [{ includeDomains: ["https://acme.com/about"] }, "sourcePolicy.includeDomains.0", /domain such as example.com/],
    [{ excludeDomains: "acme.com" }, "sourcePolicy.excludeDomains", /array/],
    [{ after: "2024-02-30" }, "sourcePolicy.after", /YYYY-MM-DD/],
    [{ before: "2024-01-01" }, "sourcePolicy.before", /not a known field/],
  ])("answers 422 naming the field for %j", async (sourcePolicy, path, message) => {
    const response = await harness.post("/v1/research/company", companyRequest("Policy: bad?", { sourcePolicy }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([{ path, message: expect.stringMatching(message) }]);
  });
});
