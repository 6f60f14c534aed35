import { afterEach, describe, expect, it } from "vitest";
import { extractPage } from "./extract-page.js";
import { ExtractionPool } from "./extraction-pool.js";

const rows = Array.from({ length: 4_000 }, (_, index) => `<tr><td>Company ${index}</td><td>City ${index}</td></tr>`);
const largeHtml = `<!doctype html><html><head><title>List</title></head><body><main><h1>List</h1><table>${rows.join("")}</table></main></body></html>`;
const smallHtml =
  "<!doctype html><html><head><title>Small</title></head><body><main><p>Acme makes rockets.</p></main></body></html>";

let pool: ExtractionPool | undefined;
afterEach(async () => {
  await pool?.close();
});

describe("ExtractionPool", () => {
  it("extracts a large page on a thread, to the same page the calling thread would", async () => {
    pool = new ExtractionPool({ threads: 1, thresholdChars: 10_000 });
    const input = { url: "https://list.example/", contentType: "text/html", text: largeHtml };
    const pending = pool.extract(input);
    expect(pending).toBeInstanceOf(Promise);
    expect(pool.threadCount).toBe(1);
    expect(await pending).toEqual(extractPage(input));
  });

  it("extracts a small page at once, without a thread", () => {
    pool = new ExtractionPool({ threads: 1, thresholdChars: 10_000 });
    const page = pool.extract({ url: "https://small.example/", contentType: "text/html", text: smallHtml });
    expect(page).not.toBeInstanceOf(Promise);
    expect(pool.threadCount).toBe(0);
  });

  it("queues pages beyond its threads and answers each with its own page", async () => {
    pool = new ExtractionPool({ threads: 1, thresholdChars: 10_000 });
    const urls = ["https://a.example/", "https://b.example/", "https://c.example/"];
    const pages = await Promise.all(
      urls.map((url) => pool?.extract({ url, contentType: "text/html", text: largeHtml })),
    );
    expect(pages.map((page) => page?.url)).toEqual(urls);
    expect(pool.threadCount).toBe(1);
  });

  it("lets an idle thread go and starts another when needed", async () => {
    pool = new ExtractionPool({ threads: 1, thresholdChars: 10_000, idleMs: 50 });
    await pool.extract({ url: "https://a.example/", contentType: "text/html", text: largeHtml });
    for (let waited = 0; pool.threadCount > 0 && waited < 5_000; waited += 25)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(pool.threadCount).toBe(0);
    const page = await pool.extract({ url: "https://b.example/", contentType: "text/html", text: largeHtml });
    expect(page.url).toBe("https://b.example/");
  });

  it("with no threads, extracts every page on the calling thread", () => {
    pool = new ExtractionPool({ threads: 0, thresholdChars: 10 });
    expect(
      pool.extract({ url: "https://list.example/", contentType: "text/html", text: largeHtml }),
    ).not.toBeInstanceOf(Promise);
  });
});
