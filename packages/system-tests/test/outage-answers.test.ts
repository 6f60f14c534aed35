import {
  type FakeChatRequest,
  findPassageWith,
  type Harness,
  jobBodyOf,
  researchBodyOf,
  startHarness,
  TEST_API_KEY,
} from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

const quote = "Northwind Robotics is SOC 2 Type II compliant";

/** A model that answers `true`, citing the passage that says so when the prompt has it. */
function citingSecurityPage(request: FakeChatRequest) {
  const passage = findPassageWith(request.messages.map((message) => message.content).join("\n"), quote);
  return {
    kind: "json" as const,
    value: {
      answer: passage ? true : null,
      citations: passage ? [{ passage: passage.id, quote }] : [],
      explanation: passage ? "Stated on the page." : "The pages do not say.",
      confidence: passage ? 0.9 : 0.1,
    },
  };
}

/** Known by name only: without search there is no page to read. */
function askByName(question: string) {
  return harness.post("/v1/research/company", {
    question,
    responseType: "BOOL",
    company: { name: "Northwind Robotics" },
  });
}

describe("an answer withheld because an outside service failed", () => {
  it("answers the caller, and the next identical call researches again once search is back", async () => {
    harness.model.setResponder(citingSecurityPage);
    const question = "Is Northwind Robotics SOC 2 Type II certified? (search down, then back)";
    harness.world.search.setBehaviour("status-500");
    try {
      const during = await askByName(question);
      expect(during.status).toBe(200);
      const withheld = await researchBodyOf(during);
      expect(withheld).toMatchObject({ answerText: null, sources: [] });
      expect(withheld.details).toMatch(/search provider \(searxng\) failed/);
    } finally {
      harness.world.search.setBehaviour("ok");
    }

    const searchesBefore = harness.world.search.requests.length;
    const after = await askByName(question);
    expect(after.status).toBe(200);
    expect(after.headers.get("age")).toBeNull();
    expect(harness.world.search.requests.length).toBeGreaterThan(searchesBefore);
    const answered = await researchBodyOf(after);
    expect(answered.answerText).toBe("true");
    expect(answered.details).not.toMatch(/failed/);

    // A real answer is kept as before: the third call is served the stored one.
    const searchesAfter = harness.world.search.requests.length;
    const again = await askByName(question);
    expect(again.headers.get("age")).toMatch(/^\d+$/);
    expect((await researchBodyOf(again)).answerText).toBe("true");
    expect(harness.world.search.requests.length).toBe(searchesAfter);
  });

  it("hands an async caller the withheld answer when it polls, without keeping it for the next call", async () => {
    harness.model.setResponder(citingSecurityPage);
    const question = "Is Northwind Robotics SOC 2 Type II certified? (asked async while search is down)";
    const askAsync = () =>
      harness.post(
        "/v1/research/company",
        // A form of the name no search was made for before: with search down, no page of it is found
        // (the searches of the test above are cached, and would lead to the company's own site).
        { question, responseType: "BOOL", company: { name: "Northwind Robotics, Inc." } },
        { prefer: "respond-async" },
      );
    const poll = async (location: string) => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
        const job = await jobBodyOf(
          await fetch(`${harness.stack.baseUrl}${location}`, { headers: { "x-api-key": TEST_API_KEY } }),
        );
        if (job.status === "done") return job;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`${location} did not finish`);
    };
    harness.world.search.setBehaviour("status-500");
    try {
      const accepted = await askAsync();
      expect(accepted.status).toBe(202);
      const job = await poll(accepted.headers.get("location")!);
      expect(job.result).toMatchObject({ answerText: null });
      expect(job.result?.details).toMatch(/search provider \(searxng\) failed/);
    } finally {
      harness.world.search.setBehaviour("ok");
    }
    const searchesBefore = harness.world.search.requests.length;
    const again = await askAsync();
    expect(again.status).toBe(202);
    const job = await poll(again.headers.get("location")!);
    expect(job.result?.answerText).toBe("true");
    expect(harness.world.search.requests.length).toBeGreaterThan(searchesBefore);
  });

  it("keeps an ordinary 'not enough evidence': the pages were read and do not say", async () => {
    harness.model.setResponder(citingSecurityPage);
    const request = {
      question: "Does Northwind Robotics run an office on the Moon?",
      responseType: "BOOL",
      company: { name: "Northwind Robotics", website: "https://northwind-robotics.test" },
    };
    const first = await harness.post("/v1/research/company", request);
    expect((await researchBodyOf(first)).answerText).toBeNull();
    const modelCalls = harness.model.requests.length;
    const second = await harness.post("/v1/research/company", request);
    expect(second.headers.get("age")).toMatch(/^\d+$/);
    expect((await researchBodyOf(second)).answerText).toBeNull();
    expect(harness.model.requests.length).toBe(modelCalls);
  });
});
