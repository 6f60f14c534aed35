import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  type ChangingSiteStack,
  type Harness,
  nordicClimateIndex,
  startChangingSiteStack,
  startHarness,
  statedOrDeniedResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { type BrowserSession, launchChromium } from "@dossier/testing/browser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SCREENSHOTS = fileURLToPath(new URL("../test-output/screenshots/", import.meta.url));

let harness: Harness;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  harness = await startHarness({ extraSites: [nordicClimateIndex] });
  harness.model.setResponder(statedOrDeniedResponder);
  browser = await launchChromium();
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await harness?.stop();
});

async function signIn(baseUrl = harness.stack.baseUrl): Promise<void> {
  await page.goto(`${baseUrl}/console`);
  await page.evaluate("sessionStorage.clear()");
  await page.reload();
  await page.getByLabel("API key", { exact: true }).fill(TEST_API_KEY);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Console" }).waitFor();
}

describe("the console's Find view", () => {
  it("names the bad field of a list it cannot start", async () => {
    await signIn();
    await page.getByRole("link", { name: "Find" }).click();
    await page.getByLabel("Objective", { exact: true }).fill("climate startups");
    await page.getByLabel("Matches wanted", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("alert").waitFor();
    await expect(page.getByLabel("Matches wanted", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");
  });

  it("starts a list, shows its matches as they come with each verdict's quote, and downloads the CSV", async () => {
    await signIn();
    await page.getByRole("link", { name: "Find" }).click();
    await page.getByLabel("Objective", { exact: true }).fill("climate startups that are hiring engineers");
    await page
      .getByLabel("Criteria", { exact: true })
      .fill("climate: is a climate startup\nhiring: is hiring engineers");
    await page.getByLabel("Matches wanted", { exact: true }).fill("50");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("heading", { name: /^List l-/ }).waitFor();
    await page
      .getByTestId("list-counts")
      .getByText(/status done/)
      .waitFor({ timeout: 60_000 });
    await expect(page.getByTestId("list-counts").textContent()).resolves.toMatch(
      /^5 matched · 2 unmatched · \d+ unclear/,
    );

    const rows = page.getByTestId("list-items").locator("tbody tr");
    await expect(rows.count()).resolves.toBe(5);
    const fjordlight = rows.filter({ hasText: "Fjordlight Energy" });
    const hiring = fjordlight.locator("td.verdict").nth(1);
    await expect(hiring.locator("summary").getAttribute("title")).resolves.toBe(
      "“Fjordlight Energy is hiring engineers.”",
    );
    await hiring.locator("summary").click();
    await hiring.locator("blockquote").getByText("Fjordlight Energy is hiring engineers.").waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}07-find-list.png`, fullPage: true });

    await page.getByLabel("Show unmatched and unclear rows too").check();
    const birchwind = rows.filter({ hasText: "Birchwind Carbon" });
    await expect(birchwind.locator("td").nth(1).textContent()).resolves.toBe("unmatched");

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^dossier-l-.*\.csv$/);

    // The list is found again from the Find tab.
    const listUrl = page.url();
    await page.getByRole("link", { name: "Find" }).click();
    await page
      .getByTestId("recent-lists")
      .getByRole("link", { name: "climate startups that are hiring engineers" })
      .click();
    await page.getByRole("heading", { name: /^List l-/ }).waitFor();
    expect(page.url()).toBe(listUrl);

    // Watched daily: the watch page names the list and, after its first run, the list that run made.
    await page
      .getByTestId("list-counts")
      .getByText(/status done/)
      .waitFor();
    await page.getByRole("button", { name: "Watch this list daily" }).click();
    await page.getByRole("heading", { name: "List: climate startups that are hiring engineers" }).waitFor();
    expect(page.url()).toMatch(/#\/watches\/w-/);
    await page
      .getByTestId("watch-outcome")
      .getByText(/first answer/i)
      .waitFor({ timeout: 60_000 });
    await expect(page.getByTestId("watch-last-list").textContent()).resolves.toMatch(
      /^Latest list: l-\S+, 5 matched of \d+ candidates\.$/,
    );
    await expect(page.getByTestId("no-changes").isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}08-watched-list.png`, fullPage: true });
  });
});

describe("the console's Find view, when pages of the directory cannot be read", () => {
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

  async function find(objective: string, limit: string): Promise<void> {
    await signIn(outage.stack.baseUrl);
    await page.getByRole("link", { name: "Find" }).click();
    await page.getByLabel("Objective", { exact: true }).fill(objective);
    await page.getByLabel("Criteria", { exact: true }).fill("hiring: is hiring engineers");
    await page.getByLabel("Matches wanted", { exact: true }).fill(limit);
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("heading", { name: /^List l-/ }).waitFor();
  }

  it("names the page it could not read beside the matches it found elsewhere", async () => {
    outage.site.setStatus("/hiring", 503);
    try {
      await find("climate startups that are hiring engineers", "1");
      await page
        .getByTestId("list-counts")
        .getByText(/status done/)
        .waitFor({ timeout: 60_000 });
      const unread = page.getByTestId("list-unread");
      await expect(unread.locator("p").textContent()).resolves.toBe(
        "1 page could not be read, so the rows may miss what it lists:",
      );
      await expect(unread.getByRole("listitem").allTextContents()).resolves.toEqual([`http://${HOST}/hiring (503)`]);
      await expect(unread.getByRole("link", { name: `http://${HOST}/hiring` }).getAttribute("href")).resolves.toBe(
        `http://${HOST}/hiring`,
      );
      await expect(page.getByTestId("list-problem").count()).resolves.toBe(0);
      await expect(page.getByTestId("list-items").locator("tbody tr").count()).resolves.toBe(1);
    } finally {
      outage.site.setStatus("/hiring", null);
    }
  });

  it("shows a list that found no candidate as failed, with its problem and every page it could not read", async () => {
    for (const sitePage of nordicClimateIndex.pages) outage.site.setStatus(sitePage.path, 503);
    try {
      await find("climate startups that are hiring engineers", "5");
      await page
        .getByTestId("list-counts")
        .getByText(/status failed/)
        .waitFor({ timeout: 60_000 });
      const problem = page.getByTestId("list-problem");
      await expect(problem.textContent()).resolves.toMatch(
        new RegExp(
          `^The list failed: Research failed \\(RESEARCH_FAILED\\)\\. The list found no candidate: its discovery could not read http://${HOST.replaceAll(".", "\\.")}/\\S* \\(503\\)`,
        ),
      );
      const unread = page.getByTestId("list-unread");
      await expect(unread.locator("p").textContent()).resolves.toBe(
        `${nordicClimateIndex.pages.length} pages could not be read:`,
      );
      const pages = await unread.getByRole("listitem").allTextContents();
      expect(pages.sort()).toEqual(
        nordicClimateIndex.pages.map((sitePage) => `http://${HOST}${sitePage.path} (503)`).sort(),
      );
      // A failed list has no rows to wait for, and cannot be watched.
      await expect(page.getByText("No match yet.").count()).resolves.toBe(0);
      await expect(page.getByRole("button", { name: "Watch this list daily" }).count()).resolves.toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}09-find-list-failed.png`, fullPage: true });
    } finally {
      for (const sitePage of nordicClimateIndex.pages) outage.site.setStatus(sitePage.path, null);
    }
  });
});
