import { afterEach, describe, expect, it } from "vitest";
import { type FakeSearchServer, startFakeSearchServer } from "./start-fake-search-server.js";

const one = [{ url: "https://ada.example/", title: "Ada", snippet: "<b>Ada</b>", publishedAt: "2024-05-01" }];

describe("startFakeSearchServer", () => {
  const servers: FakeSearchServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  async function start(options: Parameters<typeof startFakeSearchServer>[0]) {
    const server = await startFakeSearchServer(options);
    servers.push(server);
    return server;
  }

  it("answers SearXNG's JSON API and refuses other formats with 403, as an instance without them does", async () => {
    const fake = await start({ provider: "searxng", search: () => one });
    const json = await fetch(`${fake.url}/search?q=ada&format=json`);
    expect(await json.json()).toMatchObject({
      results: [{ url: "https://ada.example/", title: "Ada", content: "<b>Ada</b>", publishedDate: "2024-05-01" }],
    });
    expect((await fetch(`${fake.url}/search?q=ada`)).status).toBe(403);
    expect(fake.requests).toEqual([
      { query: "ada", limit: null, terms: "ada", includeDomains: [], excludeDomains: [] },
    ]);
  });

  it("checks Brave's subscription token and count, and leaves out `web` when nothing is found", async () => {
    const fake = await start({ provider: "brave", apiKey: "secret", search: (query) => (query === "none" ? [] : one) });
    const headers = { "x-subscription-token": "secret" };
    expect((await fetch(`${fake.url}/res/v1/web/search?q=ada&count=5`)).status).toBe(401);
    expect((await fetch(`${fake.url}/res/v1/web/search?q=ada&count=21`, { headers })).status).toBe(422);
    const found = await (await fetch(`${fake.url}/res/v1/web/search?q=ada&count=5`, { headers })).json();
    expect(found).toMatchObject({
      web: { results: [{ url: "https://ada.example/", description: "<b>Ada</b>", page_age: "2024-05-01" }] },
    });
    const empty = await (await fetch(`${fake.url}/res/v1/web/search?q=none&count=5`, { headers })).json();
    expect(empty).not.toHaveProperty("web");
  });

  it("keeps results to the domains of site: operators, or of Tavily's parameters, searching the other words", async () => {
    const asked: string[] = [];
    const web = (query: string) => {
      asked.push(query);
      return [
        { url: "https://acme.example/a", title: "A", snippet: "" },
        { url: "https://blog.acme.example/b", title: "B", snippet: "" },
        { url: "https://other.example/c", title: "C", snippet: "" },
      ];
    };
    const brave = await start({ provider: "brave", search: web });
    const answer = await fetch(
      `${brave.url}/res/v1/web/search?q=${encodeURIComponent("acme (site:acme.example OR site:x.example) -site:blog.acme.example")}`,
    );
    const body = (await answer.json()) as { web: { results: Array<{ url: string }> } };
    expect(body.web.results.map((result) => result.url)).toEqual(["https://acme.example/a"]);
    expect(asked).toEqual(["acme"]);

    const tavily = await start({ provider: "tavily", search: web });
    const tavilyAnswer = await fetch(`${tavily.url}/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "acme", exclude_domains: ["acme.example"] }),
    });
    const tavilyBody = (await tavilyAnswer.json()) as { results: Array<{ url: string }> };
    expect(tavilyBody.results.map((result) => result.url)).toEqual(["https://other.example/c"]);
  });

  it("speaks Tavily's and Serper's POST bodies and credential headers", async () => {
    const tavily = await start({ provider: "tavily", apiKey: "tk", search: () => one });
    const tavilyAnswer = await fetch(`${tavily.url}/search`, {
      method: "POST",
      headers: { authorization: "Bearer tk", "content-type": "application/json" },
      body: JSON.stringify({ query: "ada", max_results: 3 }),
    });
    expect(await tavilyAnswer.json()).toMatchObject({
      results: [{ url: "https://ada.example/", content: "<b>Ada</b>", published_date: "2024-05-01" }],
    });

    const serper = await start({ provider: "serper", apiKey: "sk", search: () => one });
    const serperAnswer = await fetch(`${serper.url}/search`, {
      method: "POST",
      headers: { "x-api-key": "sk", "content-type": "application/json" },
      body: JSON.stringify({ q: "ada", num: 3 }),
    });
    expect(await serperAnswer.json()).toMatchObject({
      organic: [{ link: "https://ada.example/", snippet: "<b>Ada</b>", date: "2024-05-01", position: 1 }],
    });
    expect((await fetch(`${serper.url}/search`, { method: "GET" })).status).toBe(405);
    expect(serper.requests).toEqual([{ query: "ada", limit: 3, terms: "ada", includeDomains: [], excludeDomains: [] }]);
  });

  it("sends Retry-After with a 429 and never answers while hanging", async () => {
    const fake = await start({ provider: "serper", search: () => one });
    fake.setBehaviour("status-429");
    const limited = await fetch(`${fake.url}/search`, { method: "POST", body: JSON.stringify({ q: "ada" }) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    fake.setBehaviour("hang");
    const hanging = fetch(`${fake.url}/search`, {
      method: "POST",
      body: JSON.stringify({ q: "ada" }),
      signal: AbortSignal.timeout(200),
    });
    await expect(hanging).rejects.toMatchObject({ name: "TimeoutError" });
  });
});
