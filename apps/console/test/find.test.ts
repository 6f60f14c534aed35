import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  type Harness,
  nordicClimateIndex,
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

async function signIn(): Promise<void> {
  await page.goto(`${harness.stack.baseUrl}/console`);
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
