import {
  TEST_COMPANY as company,
  type FakeChatRequest,
  findPassageWith,
  type Harness,
  researchBodyOf,
  startHarness,
} from "@dossier/testing";
import { afterEach, describe, expect, it } from "vitest";

const question = "Is Northwind Robotics SOC 2 Type II certified?";
const quote = "Northwind Robotics is SOC 2 Type II compliant";

function citingSecurityPage(request: FakeChatRequest) {
  const passage = findPassageWith(request.messages.map((message) => message.content).join("\n"), quote);
  return {
    kind: "json" as const,
    value: {
      answer: true,
      citations: passage ? [{ passage: passage.id, quote }] : [],
      explanation: "Stated on the page.",
      confidence: 0.9,
    },
  };
}

/** Two calls that need the same page but are not the same request (so neither is a stored result). */
async function askTwice(harness: Harness): Promise<number> {
  harness.model.setResponder(citingSecurityPage);
  for (const context of ["first lead list", "second lead list"]) {
    const response = await harness.post("/v1/research/company", { question, responseType: "BOOL", company, context });
    expect(response.status).toBe(200);
    expect((await researchBodyOf(response)).answerText).toBe("true");
  }
  return harness.world.web.requests.filter(
    (request) => request.host === "northwind-robotics.test" && request.path === "/security",
  ).length;
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.stop();
  harness = undefined;
});

describe("page and search caching (CACHE_TTL_SECONDS)", () => {
  it("reads a page from the web once for two calls that need it, by default", async () => {
    harness = await startHarness();
    expect(await askTwice(harness)).toBe(1);
  });

  it("reads the page from the web for every call with CACHE_TTL_SECONDS=0", async () => {
    harness = await startHarness({ env: { CACHE_TTL_SECONDS: "0" } });
    expect(await askTwice(harness)).toBe(2);
  });
});
