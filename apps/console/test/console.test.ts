import { mkdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseCsv } from "@dossier/client";
import {
  type Harness,
  provenFieldsResponder,
  startHarness,
  statedAnswerResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { type BrowserSession, launchChromium } from "@dossier/testing/browser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Screenshots of each screen, for people to look at (ignored by git; two are copied to docs/images/). */
const SCREENSHOTS = fileURLToPath(new URL("../test-output/screenshots/", import.meta.url));

let harness: Harness;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  harness = await startHarness({ env: { WORKER_CONCURRENCY: "2" } });
  browser = await launchChromium();
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await harness?.stop();
});

const screenshot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });

async function signIn(): Promise<void> {
  await page.goto(`${harness.stack.baseUrl}/console`);
  await page.evaluate("sessionStorage.clear()");
  await page.reload();
  await page.getByLabel("API key", { exact: true }).fill(TEST_API_KEY);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Console" }).waitFor();
}

describe("the web console", () => {
  it("is served by the gateway as static files with a strict content security policy", async () => {
    const html = await fetch(`${harness.stack.baseUrl}/console`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html.headers.get("content-security-policy")).toMatch(/default-src 'none'; script-src 'self'/);
    const script = await fetch(`${harness.stack.baseUrl}/console/assets/console.js`);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    const missing = await fetch(`${harness.stack.baseUrl}/console/assets/missing.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  });

  it("signs in with a key kept in session storage only, and refuses a wrong one", async () => {
    await page.goto(`${harness.stack.baseUrl}/console`);
    await page.getByLabel("API key", { exact: true }).waitFor();
    await expect(page.title()).resolves.toBe("Sign in · Dossier console");
    // Keyboard only: the key field takes focus from the skip link's neighbour, Enter submits.
    await page.getByLabel("API key", { exact: true }).fill("not-a-key-000000000000");
    await page.getByLabel("API key", { exact: true }).press("Enter");
    await page.getByText("This key is not valid, or it was revoked.").waitFor();
    await expect(page.getByLabel("API key", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");
    await screenshot("01-sign-in");

    await page.getByLabel("API key", { exact: true }).fill(TEST_API_KEY);
    await page.getByLabel("API key", { exact: true }).press("Enter");
    await page.getByRole("navigation", { name: "Console" }).waitFor();
    // Expressions given to page.evaluate() as text run in the page, where the DOM is.
    const storage = await page.evaluate(
      `({ session: sessionStorage.getItem("dossier.apiKey"), local: localStorage.length, cookies: document.cookie })`,
    );
    expect(storage).toEqual({ session: TEST_API_KEY, local: 0, cookies: "" });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("API key", { exact: true }).waitFor();
    expect(await page.evaluate(`sessionStorage.getItem("dossier.apiKey")`)).toBeNull();
  });

  it("asks about a company and shows the stages, the answer, its confidence, details and each source", async () => {
    await signIn();
    harness.model.setLatency(1_000);
    try {
      await page.getByLabel("Question", { exact: true }).fill("Is the company SOC 2 Type II certified?");
      await page.getByLabel("Kind of answer", { exact: true }).selectOption("BOOL");
      await page.getByLabel("Company name", { exact: true }).fill("Northwind Robotics");
      await page.getByLabel("Website", { exact: true }).fill("https://northwind-robotics.test");
      await page.getByRole("button", { name: "Ask" }).click();
      await page.locator('.stages li[data-stage="answering"][data-state="current"]').waitFor();
      await expect(page.locator('.stages li[data-stage="reading"]').textContent()).resolves.toMatch(
        /Reading pages \(\d+ pages\)/,
      );
      await screenshot("02-ask-progress");
      await page.getByTestId("answer").waitFor();
    } finally {
      harness.model.setLatency(0);
    }
    const request = {
      question: "Is the company SOC 2 Type II certified?",
      responseType: "BOOL",
      company: { name: "Northwind Robotics", website: "https://northwind-robotics.test" },
    };
    const expected = (await (await harness.post("/v1/research/company", request)).json()) as {
      answerText: string;
      confidence: number;
      details: string;
      sources: string[];
      citations?: Array<{ url: string; quote?: string | null }>;
    };
    // A yes-or-no answer in words; the API's own form is one click away.
    await expect(page.getByTestId("answer-text").textContent()).resolves.toBe(
      ({ true: "Yes", false: "No" } as Record<string, string>)[expected.answerText],
    );
    await page.getByText("The answer as JSON").click();
    const raw = JSON.parse((await page.getByTestId("raw-answer").textContent()) ?? "") as { answerText: string };
    expect(raw.answerText).toBe(expected.answerText);
    await expect(page.getByTestId("confidence").textContent()).resolves.toBe(
      `${Math.round(expected.confidence * 100)}%`,
    );
    // The confidence in words too, and green only when it is likely.
    await expect(page.getByTestId("confidence-words").textContent()).resolves.toBe(
      expected.confidence >= 0.85 ? "likely" : expected.confidence >= 0.6 ? "uncertain" : "doubtful",
    );
    await expect(page.locator("meter").getAttribute("high")).resolves.toBe("0.85");
    await expect(page.getByTestId("details").textContent()).resolves.toBe(expected.details);
    const links = page.getByTestId("sources").getByRole("link");
    const hrefs = [];
    for (let index = 0; index < (await links.count()); index += 1)
      hrefs.push(await links.nth(index).getAttribute("href"));
    // Each source with its quote: the citations when the gateway gives them, else the source URLs.
    const cited = expected.citations?.length ? expected.citations.map((citation) => citation.url) : expected.sources;
    expect(hrefs).toEqual(cited);
    const quotes = await page.getByTestId("sources").locator("blockquote").allTextContents();
    expect(quotes).toEqual((expected.citations ?? []).map((citation) => citation.quote).filter(Boolean));
    expect(await links.first().getAttribute("rel")).toBe("noopener noreferrer");
    await screenshot("03-ask-answer");
  });

  it("asks for an answer in its own shape and shows each field with its confidence and quote", async () => {
    await signIn();
    await page.getByLabel("Question", { exact: true }).fill("Where is the company based, and what is its revenue?");
    await page.getByLabel("Company name", { exact: true }).fill("Northwind Robotics");
    await page.getByLabel("Website", { exact: true }).fill("https://northwind-robotics.test");
    await page.getByLabel("Answer shape", { exact: true }).fill("{ type: object }");
    await page.getByRole("button", { name: "Ask" }).click();
    await page.getByText("This is not JSON").waitFor();
    await expect(page.getByLabel("Answer shape", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");

    const shape = {
      type: "object",
      properties: {
        hq: { type: "string", description: "City of the headquarters" },
        revenueUsd: { type: "number", description: "Annual revenue in US dollars" },
      },
    };
    const statesHq = "Northwind Robotics was founded in 2016 in Boston, Massachusetts";
    harness.model.setResponder(
      provenFieldsResponder({ hq: { value: "Boston", phrase: statesHq }, revenueUsd: null }, statedAnswerResponder),
    );
    try {
      await page.getByLabel("Answer shape", { exact: true }).fill(JSON.stringify(shape, null, 2));
      await page.getByRole("button", { name: "Ask" }).click();
      await page.getByTestId("answer-fields").waitFor();
    } finally {
      harness.model.setResponder(statedAnswerResponder);
    }
    const hq = page.locator('[data-testid="answer-fields"] tr[data-field="hq"]');
    await expect(hq.locator("td").first().textContent()).resolves.toBe("Boston");
    await expect(hq.locator("td").nth(1).textContent()).resolves.toMatch(/^\d+%$/);
    const source = hq.getByRole("link");
    expect(await source.getAttribute("href")).toMatch(/^https:\/\/northwind-robotics\.test\//);
    expect(await source.getAttribute("title")).toContain(statesHq);
    const revenue = page.locator('[data-testid="answer-fields"] tr[data-field="revenueUsd"]');
    await expect(revenue.locator("td").first().textContent()).resolves.toBe("not stated");
    await screenshot("03b-ask-fields");
  });

  it("asks about a person and shows the enriched record; a bad request names its field", async () => {
    await signIn();
    await page.getByLabel("A person", { exact: true }).check();
    await page.getByLabel("Question", { exact: true }).fill("What is her current role?");
    await page.getByLabel("First name", { exact: true }).fill("Sarah");
    await page.getByLabel("Last name", { exact: true }).fill("Chen");
    await page.getByRole("button", { name: "Ask" }).click();
    await page.getByRole("alert").waitFor();
    await expect(page.getByRole("alert").textContent()).resolves.toMatch(/person.*must identify the person/);

    await page.getByLabel("Company name", { exact: true }).fill("Northwind Robotics");
    await page.getByRole("button", { name: "Ask" }).click();
    await page.getByTestId("answer").waitFor();
    // The person's fields in words, not the API's names.
    const person = page.locator("table.person");
    await expect(person.locator('tr[data-field="firstName"] th').textContent()).resolves.toBe("First name");
    await expect(person.locator('tr[data-field="firstName"] td').first().textContent()).resolves.toBe("Sarah");
    await expect(person.textContent()).resolves.not.toMatch(/firstName|lastName|companyName/);
  });

  it("uploads a CSV, maps its columns like the CLI, follows progress, and shows and downloads the results beside the uploaded columns, in words", async () => {
    await signIn();
    await page.goto(`${harness.stack.baseUrl}/console#/upload`);
    const owners = ["rep-1", "rep-2", "rep-3", "rep-4"];
    const csv = [
      "Company Name,Domain,Owner",
      `Northwind Robotics,northwind-robotics.test,${owners[0]}`,
      `Meridian Solar Systems,meridian-solar.test,${owners[1]}`,
      `Quillstone,quillstone.test,${owners[2]}`,
      `,,${owners[3]}`,
    ].join("\n");
    await page
      .getByLabel("CSV file", { exact: true })
      .setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("heading", { name: "leads.csv: 4 rows" }).waitFor();
    await expect(page.getByLabel("Company Name", { exact: true }).inputValue()).resolves.toBe("name");
    await expect(page.getByLabel("Domain", { exact: true }).inputValue()).resolves.toBe("website");
    await expect(page.getByLabel("Owner", { exact: true }).inputValue()).resolves.toBe("");
    await expect(page.getByTestId("kept-columns").textContent()).resolves.toMatch(
      /beside each result and in the CSV download: Company Name, Domain, Owner\./,
    );
    await page.getByLabel("Question for every row", { exact: true }).fill("Is the company SOC 2 Type II certified?");
    await page.getByLabel("Kind of answer", { exact: true }).selectOption("BOOL");
    await screenshot("04-upload-mapping");

    harness.model.setLatency(300);
    try {
      await page.getByRole("button", { name: "Research 4 rows" }).click();
      await page.getByTestId("batch-progress").waitFor();
      await screenshot("05-batch-running");
      await page.getByText("Finished: 4 of 4").waitFor({ timeout: 30_000 });
    } finally {
      harness.model.setLatency(0);
    }
    await expect(page.getByTestId("batch-counts").textContent()).resolves.toMatch(/3 answered · 1 failed · finished/);
    const table = page.getByTestId("results");
    const rows = table.locator("tbody tr");
    await expect(rows.count()).resolves.toBe(4);
    await expect(table.locator("thead th").allTextContents()).resolves.toEqual([
      "Row",
      "Company Name",
      "Domain",
      "Owner",
      "Result",
      "Answer",
      "Confidence",
      "Sources",
      "Raw",
    ]);
    await expect(table.locator('td[data-column="Owner"]').allTextContents()).resolves.toEqual(owners);
    await expect(table.locator('td[data-column="Company Name"]').first().textContent()).resolves.toBe(
      "Northwind Robotics",
    );

    // What the API answered for each row, from the raw download, in the words the table should use.
    const [ndjsonDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download NDJSON" }).click(),
    ]);
    expect(ndjsonDownload.suggestedFilename()).toMatch(/^dossier-b-.+\.ndjson$/);
    const lines = (await readFile((await ndjsonDownload.path())!, "utf8"))
      .trim()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as {
            ref: string;
            status: number;
            result?: { answerText: string | null; metadata?: Record<string, string> };
          },
      );
    expect(lines.map((line) => line.ref)).toEqual(["0", "1", "2", "3"]);
    expect(lines.map((line) => line.result?.metadata?.Owner)).toEqual([...owners.slice(0, 3), undefined]);
    const words = (answerText: string | null | undefined) =>
      answerText === "true" ? "Yes" : answerText === "false" ? "No" : undefined;
    // The fake model answers at least one of them, so the table has an answer to put in words.
    expect(lines.some((line) => words(line.result?.answerText))).toBe(true);
    const answers = await table.locator('td[data-column="Answer"] strong').allTextContents();
    expect(answers).toEqual(lines.slice(0, 3).map((line) => words(line.result?.answerText) ?? "No answer"));
    const outcomes = await table.locator('td[data-column="Result"]').allTextContents();
    expect(outcomes.slice(0, 3)).toEqual(
      lines.slice(0, 3).map((line) => (line.result?.answerText === null ? "Not enough evidence" : "Answered")),
    );
    expect(outcomes[3]).toMatch(/^Failed: .*company/);
    // The line as the API sent it is one click away.
    await rows.nth(3).getByText("JSON", { exact: true }).click();
    const raw = JSON.parse((await rows.nth(3).locator("pre").textContent()) ?? "") as {
      status: number;
      problem: { code: string };
    };
    expect(raw).toMatchObject({ status: 422, problem: { code: "REQUEST_VALIDATION_FAILED" } });
    expect(await rows.nth(0).getByRole("link").first().getAttribute("href")).toMatch(/^https?:\/\//);
    await screenshot("06-batch-results");

    const [csvDownload] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const { headers, rows: records } = parseCsv(await readFile((await csvDownload.path())!, "utf8"));
    expect(headers).toEqual([
      "Row",
      "Company Name",
      "Domain",
      "Owner",
      "Result",
      "Answer",
      "Confidence",
      "Details",
      "Sources",
    ]);
    expect(records.map((record) => record.Row)).toEqual(["1", "2", "3", "4"]);
    expect(records.map((record) => record.Owner)).toEqual(owners);
    expect(records.map((record) => record["Company Name"])).toEqual([
      "Northwind Robotics",
      "Meridian Solar Systems",
      "Quillstone",
      "",
    ]);
    expect(records.map((record) => record.Answer)).toEqual([
      ...lines.slice(0, 3).map((line) => words(line.result?.answerText) ?? ""),
      "",
    ]);
    expect(records.map((record) => record.Result)).toEqual(outcomes);
    expect(records[0]!.Confidence).toMatch(/^\d+%$/);
  });

  it("lists past batches and cancels one that is running", async () => {
    harness.model.setLatency(1_500);
    let batchId: string;
    try {
      const items = Array.from({ length: 12 }, (_, index) => ({
        type: "company",
        request: { question: `Console cancel ${index}?`, company: { name: "Northwind Robotics" } },
      }));
      const accepted = await harness.post("/v1/batches", { items });
      batchId = ((await accepted.json()) as { id: string }).id;
      await signIn();
      await page.goto(`${harness.stack.baseUrl}/console#/batches`);
      const row = page.locator(`tr[data-batch="${batchId}"]`);
      await row.waitFor();
      await expect(page.getByTestId("batches").locator("tbody tr").count()).resolves.toBeGreaterThanOrEqual(2);
      await screenshot("07-batches");
      await row.getByRole("button", { name: `Cancel batch ${batchId}` }).click();
      await row.getByTestId("batch-status").filter({ hasText: "cancelled" }).waitFor();
    } finally {
      harness.model.setLatency(0);
    }
    await row_link(batchId);
    await page.getByText(/Cancelled: \d+ of 12/).waitFor({ timeout: 30_000 });
    await expect(page.getByTestId("batch-counts").textContent()).resolves.toMatch(/cancelled/);
  });

  it("labels every control, so it can be used with a screen reader and the keyboard", async () => {
    await signIn();
    for (const screen of ["ask", "upload", "batches"]) {
      await page.goto(`${harness.stack.baseUrl}/console#/${screen}`);
      await page.locator("h1").waitFor();
      const unlabelled = await page.evaluate(
        `[...document.querySelectorAll("input, select, textarea, button")]
          .filter((control) => !(control.labels?.length || control.getAttribute("aria-label") || control.textContent.trim()))
          .map((control) => control.outerHTML)`,
      );
      expect(unlabelled, screen).toEqual([]);
    }
    // On a fresh load, the first Tab reaches the skip link, which leads to the content.
    await page.reload();
    await page.locator("h1").waitFor();
    await page.keyboard.press("Tab");
    await expect(page.evaluate("document.activeElement.textContent")).resolves.toBe("Skip to content");
  });
});

async function row_link(batchId: string): Promise<void> {
  await page.getByRole("link", { name: batchId }).click();
  await page.getByRole("heading", { name: `Batch ${batchId}` }).waitFor();
}
