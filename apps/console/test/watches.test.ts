import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  type ChangingSiteStack,
  type FakeChatResponder,
  parsePromptPassages,
  startChangingSiteStack,
  statedAnswerResponder,
  TEST_API_KEY,
} from "@dossier/testing";
import { type BrowserSession, launchChromium } from "@dossier/testing/browser";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SCREENSHOTS = fileURLToPath(new URL("../test-output/screenshots/", import.meta.url));
const HEADCOUNT = /\b(\d[\d,]*) people\b/;

const about = (headcount: number) =>
  `<p>Watched Co builds inventory software for bakeries.</p><p>Today Watched Co employs ${headcount} people.</p>`;

/** A careful model: the head count with the sentence that states it. */
const responder: FakeChatResponder = async (request) => {
  const reply = await statedAnswerResponder(request);
  const prompt = request.messages.map((message) => message.content).join("\n");
  if (reply.kind !== "json" || !/How many people/.test(prompt)) return reply;
  for (const passage of parsePromptPassages(prompt)) {
    const sentence = passage.text.split(/(?<=[.!?])\s+/).find((candidate) => HEADCOUNT.test(candidate));
    if (sentence)
      return {
        kind: "json",
        value: {
          ...(reply.value as object),
          answer: Number(HEADCOUNT.exec(sentence)![1]),
          citations: [{ passage: passage.id, quote: sentence }],
          confidence: 0.9,
        },
      };
  }
  return reply;
};

let changing: ChangingSiteStack;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  changing = await startChangingSiteStack({
    responder,
    env: { API_KEYS: TEST_API_KEY },
    site: {
      host: "watched-co.test",
      brand: "Watched Co",
      legalLine: "Watched Co, Inc., Portland, OR",
      accent: "#245",
      navigation: [{ label: "About", href: "/about" }],
      legalLinks: [],
      pages: [
        {
          path: "/",
          title: "Watched Co",
          description: "Inventory software for bakeries.",
          body: "<p>Bakeries, stocked.</p>",
        },
        { path: "/about", title: "About Watched Co", description: "Our story.", body: about(240) },
      ],
    },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await changing?.stop();
});

const screenshot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });

describe("the console's Watches view", () => {
  it("makes a watch, shows its first answer, then a change with the quotes before and after, live", async () => {
    await page.goto(`${changing.stack.baseUrl}/console`);
    await page.getByLabel("API key", { exact: true }).fill(TEST_API_KEY);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Watches" }).click();
    await page.getByText("No watch yet.").waitFor();

    await page.getByLabel("Question", { exact: true }).fill("How many people work at Watched Co?");
    await page.getByLabel("Kind of answer", { exact: true }).selectOption("NUMBER");
    await page.getByLabel("Company name", { exact: true }).fill("Watched Co");
    await page.getByLabel("Website", { exact: true }).fill("watched-co.test");
    await page.getByLabel("How often", { exact: true }).selectOption("1d");
    await page.getByRole("button", { name: "Watch" }).click();

    await page.getByRole("heading", { level: 1, name: "How many people work at Watched Co?" }).waitFor();
    await expect(page.title()).resolves.toBe("Watch · Dossier console");
    await page.getByTestId("watch-outcome").getByText("first answer").waitFor();
    await page.getByTestId("no-changes").waitFor();
    await expect(page.getByTestId("answer-text").textContent()).resolves.toBe("240");

    changing.site.setPage("/about", { body: about(260) });
    await page.getByRole("button", { name: "Run now" }).click();
    // The run is recorded by a worker; the page hears of it on the watch's event stream.
    const change = page.locator('.change[data-field="answerText"][data-kind="changed"]');
    await change.waitFor();
    await expect(change.locator("p").textContent()).resolves.toBe("The answer changed: 240 → 260");
    await expect(change.locator(".quotes blockquote").allTextContents()).resolves.toEqual([
      "Today Watched Co employs 240 people.",
      "Today Watched Co employs 260 people.",
    ]);
    await expect(change.locator(".quotes figcaption").allTextContents()).resolves.toEqual(["Before", "Now"]);
    await page.getByTestId("watch-outcome").getByText("changed").waitFor();
    await expect(page.getByTestId("answer-text").textContent()).resolves.toBe("260");
    await screenshot("07-watch-changes");

    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Watches" }).click();
    const row = page.getByTestId("watches").locator("tbody tr");
    await row.first().waitFor();
    await expect(row.count()).resolves.toBe(1);
    await expect(row.locator("td").allTextContents()).resolves.toEqual([
      "How many people work at Watched Co?",
      "every 1d",
      "active",
      "changed",
      "1",
    ]);

    await row.getByRole("link").click();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByText("No watch yet.").waitFor();
  });
});
