import { DossierError, type PersonResearchResponse, validateResearchRequest } from "@dossier/contract";
import { startFakeChatServer } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import { OpenAiCompatibleChatModel } from "./answer/openai-compatible-chat-model.js";
import type { PageFetcher } from "./gather/fetch/page-fetcher.js";
import type { SearchProvider } from "./gather/search/search-provider.js";
import { countTokens } from "./rank/count-tokens.js";
import { createResearcher, type ResearchTrace } from "./research.js";

/** A long home page whose every paragraph is about uptime and full of angle brackets, which the prompt rewrites. */
function longPage(): string {
  const paragraphs = Array.from(
    { length: 80 },
    (_, index) =>
      `<p>Region ${index}: Acme uptime was &gt; 99.9% and p99 latency &lt; ${index + 5} ms; ` +
      `alerts fire when error rate &gt; 0.1% or queue depth &gt; ${index * 10} &lt;&lt;&gt;&gt; for five minutes, ` +
      `and the on-call engineer answers within fifteen minutes on every day of the year.</p>`,
  );
  return `<html><head><title>Acme &lt;status&gt;</title></head><body><main><h1>Acme uptime</h1>${paragraphs.join("")}</main></body></html>`;
}

const fetcher: PageFetcher = {
  id: "pages-in-memory",
  async fetch(url) {
    if (url !== "https://acme.example/") throw new Error(`no page at ${url}`);
    return {
      url,
      requestedUrl: url,
      status: 200,
      contentType: "text/html",
      text: longPage(),
      fetchedAt: new Date().toISOString(),
      fromCache: false,
    };
  },
};

describe("createResearcher's prompt budget", () => {
  it.each([1_200, 2_500])(
    "fills a %i-token budget with passages and never goes past it, angle brackets and all",
    async (budget) => {
      const server = await startFakeChatServer();
      try {
        const model = new OpenAiCompatibleChatModel({
          baseUrl: server.url,
          model: "m",
          timeoutMs: 5_000,
          maxRetries: 0,
        });
        const research = createResearcher({ model, fetcher, search: null, promptTokenBudget: budget });
        const validation = validateResearchRequest("company", {
          question: "What uptime does Acme report per region?",
          company: { name: "Acme", website: "https://acme.example" },
        });
        if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
        await research(validation.request);
        const request = server.requests.at(-1)!;
        const promptTokens = request.messages.reduce((sum, message) => sum + countTokens(String(message.content)), 0);
        const passages = (String(request.messages.at(-1)!.content).match(/<passage /g) ?? []).length;
        // 200 tokens stay free for the chat formatting around the messages.
        expect(promptTokens).toBeLessThanOrEqual(budget - 200);
        expect(promptTokens).toBeGreaterThan((budget - 200) * 0.8);
        expect(passages).toBeGreaterThan(1);
      } finally {
        await server.close();
      }
    },
  );
});

/**
 * Small sites served from memory: page URL to HTML (or XML for a sitemap); a page not listed is a
 * 404, a host with no page listed does not answer.
 */
function webFetcher(pages: Record<string, string>): PageFetcher {
  return {
    id: "web-in-memory",
    async fetch(url) {
      const { origin, pathname } = new URL(url);
      if (!Object.keys(pages).some((known) => new URL(known).origin === origin))
        throw new DossierError("FETCH_FAILED", { detail: `${new URL(url).hostname} did not answer` });
      const text = pages[`${origin}${pathname}`];
      if (text === undefined)
        throw new DossierError("FETCH_HTTP_ERROR", {
          detail: `${url} answered 404`,
          extensions: { upstreamStatus: 404 },
        });
      const contentType = pathname.endsWith(".xml") ? "application/xml" : "text/html";
      return {
        url,
        requestedUrl: url,
        status: 200,
        contentType,
        text,
        fetchedAt: new Date().toISOString(),
        fromCache: false,
      };
    },
  };
}

const nothingFound: SearchProvider = { id: "nothing-found", search: async () => [] };

const page = (title: string, body: string) =>
  `<html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

describe("createResearcher's second look", () => {
  it("reads the person's own page found in the sitemap, even when the team page seems to cover the question", async () => {
    const origin = "https://acme.example";
    const fetcher = webFetcher({
      [`${origin}/`]: page("Acme", `<p>Acme makes survey software for field researchers.</p><a href="/team">Team</a>`),
      [`${origin}/team`]: page(
        "Team",
        "<ul><li>Noor Haddad, Head of Research. Noor joined Acme in 2021; before that she worked in research too.</li><li>Omar Ruiz, Engineer</li></ul>",
      ),
      [`${origin}/sitemap.xml`]: `<urlset><url><loc>${origin}/team</loc></url><url><loc>${origin}/people/noor-haddad</loc></url></urlset>`,
      [`${origin}/people/noor-haddad`]: page(
        "Noor Haddad",
        "<p>Before joining Acme I ran the field lab at Northgate Surveys for six years.</p>",
      ),
    });
    const server = await startFakeChatServer();
    try {
      const model = new OpenAiCompatibleChatModel({ baseUrl: server.url, model: "m", timeoutMs: 5_000, maxRetries: 0 });
      const research = createResearcher({ model, fetcher, search: nothingFound });
      const validation = validateResearchRequest("person", {
        question: "Where did Noor Haddad work before joining Acme?",
        person: { firstName: "Noor", lastName: "Haddad", company: { name: "Acme", website: origin } },
      });
      if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
      const trace = {} as ResearchTrace;
      await research(validation.request, { trace });
      expect(trace.pagesRead).toContain(`${origin}/people/noor-haddad`);
      expect(String(server.requests.at(-1)!.messages.at(-1)!.content)).toContain("Northgate Surveys");
    } finally {
      await server.close();
    }
  });

  it("reads a page named after the question that a page read links to, even when a passage seems to cover it", async () => {
    const origin = "https://acme.example";
    const post = `${origin}/2020/03/12/one-million-respondents`;
    const fetcher = webFetcher({
      [`${origin}/`]: page(
        "Acme",
        `<p>Acme makes survey software. Acme surveyed its millionth respondent in 2020, five years after launch.</p><a href="/about">About</a>`,
      ),
      [`${origin}/about`]: page(
        "About Acme",
        `<p>Acme was founded in 2015 in Leeds.</p><a href="/2020/03/12/one-million-respondents">News</a>`,
      ),
      [post]: page(
        "One million respondents",
        "<p>On March 12, 2020 we surveyed our millionth respondent, a farmer in Kenya.</p>",
      ),
    });
    const server = await startFakeChatServer();
    try {
      const model = new OpenAiCompatibleChatModel({ baseUrl: server.url, model: "m", timeoutMs: 5_000, maxRetries: 0 });
      const research = createResearcher({ model, fetcher, search: nothingFound });
      const validation = validateResearchRequest("company", {
        question: "When did Acme survey its millionth respondent?",
        responseType: "DATE",
        company: { name: "Acme", website: origin },
      });
      if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
      const trace = {} as ResearchTrace;
      await research(validation.request, { trace });
      expect(trace.pagesRead).toContain(post);
      expect(String(server.requests.at(-1)!.messages.at(-1)!.content)).toContain("On March 12, 2020 we surveyed");
    } finally {
      await server.close();
    }
  });
});

/** Three news pages that say little, found first by search. */
const NEWS = ["https://news.example/a", "https://news.example/b", "https://news.example/c"];

/**
 * Researches a question about Acme (acme.example) over `pages` and the news pages, with a search
 * that finds the news first and `story` fourth, its snippet cut off; returns the trace and the prompt.
 */
async function researchAfterSnippet(
  pages: Record<string, string>,
  story: { url: string; title: string; snippet: string },
  question: string,
): Promise<{ trace: ResearchTrace; prompt: string }> {
  const fetcher = webFetcher({
    ...pages,
    ...Object.fromEntries(NEWS.map((url) => [url, page("Acme news", "<p>Acme news: survey software.</p>")])),
  });
  const search: SearchProvider = {
    id: "four-hits",
    search: async () => [
      ...NEWS.map((url, index) => ({ url, title: "Acme news", snippet: "Acme news", rank: index + 1, provider: "x" })),
      { ...story, rank: 4, provider: "x" },
    ],
  };
  const server = await startFakeChatServer();
  try {
    const model = new OpenAiCompatibleChatModel({ baseUrl: server.url, model: "m", timeoutMs: 5_000, maxRetries: 0 });
    const research = createResearcher({ model, fetcher, search });
    const validation = validateResearchRequest("company", {
      question,
      responseType: "NUMBER",
      company: { name: "Acme", website: "https://acme.example" },
    });
    if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
    const trace = {} as ResearchTrace;
    await research(validation.request, { trace });
    return { trace, prompt: String(server.requests.at(-1)!.messages.at(-1)!.content) };
  } finally {
    await server.close();
  }
}

describe("createResearcher's second look after a search snippet", () => {
  const origin = "https://acme.example";

  it("reads the page whose cut-off snippet seems to answer, for its whole sentence", async () => {
    const filler = (title: string) => page(title, `<p>${title}: Acme makes survey software for field researchers.</p>`);
    const story = "https://culture.example/acme-time-off";
    const { trace, prompt } = await researchAfterSnippet(
      {
        [`${origin}/`]: page(
          "Acme",
          '<p>Acme makes survey software.</p><a href="/about">About</a><a href="/team">Team</a><a href="/pricing">Pricing</a><a href="/careers">Careers</a>',
        ),
        [`${origin}/about`]: filler("About"),
        [`${origin}/team`]: filler("Team"),
        [`${origin}/pricing`]: filler("Pricing"),
        [`${origin}/careers`]: filler("Careers"),
        [story]: page(
          "Time off at Acme",
          "<p>Twenty days are the least we ask for. For reference, in 2022 the Acme staff took 29 days off on average.</p>",
        ),
      },
      {
        url: story,
        title: "Time off at Acme",
        snippet: "… For reference, in 2022 the Acme staff took 29 days off on …",
      },
      "On average, how many days off did Acme staff take in 2022?",
    );
    expect(trace.secondLook).toBe(true);
    expect(trace.pagesRead).toContain(story);
    expect(prompt).toContain("took 29 days off on average.");
  });

  it("reads the page of a snippet ranked above the passage that seems to cover the question", async () => {
    const story = "https://ops.example/acme-recovery";
    const { trace, prompt } = await researchAfterSnippet(
      {
        [`${origin}/`]: page("Acme", '<p>Acme makes survey software.</p><a href="/security">Security</a>'),
        // Holds the question's words and a figure, but not how long the backups are kept.
        [`${origin}/security`]: page(
          "Security",
          "<p>Security at Acme is everyone's job: staff use hardware keys, laptops are encrypted and managed, vendors are reviewed every year, access is granted for as long as a role needs it, and backups are kept in 3 data centres on two continents.</p>",
        ),
        [story]: page(
          "Recovery at Acme",
          "<p>So how long are Acme backups kept? 30 days, encrypted, and then deleted.</p>",
        ),
      },
      {
        url: story,
        title: "How long Acme keeps backups",
        snippet: "… how long are Acme backups kept? 30 days, encrypted, and then …",
      },
      "How long are Acme's backups kept?",
    );
    expect(trace.secondLook).toBe(true);
    expect(trace.pagesRead).toContain(story);
    expect(prompt).toContain("kept? 30 days, encrypted, and then deleted.");
  });
});

describe("createResearcher's evidence from other sites", () => {
  it("takes the subject's card on a long directory as evidence when its own site does not answer, its name written another way", async () => {
    const directory = "https://registry.example/companies";
    const cards = Array.from({ length: 240 }, (_, index) =>
      index === 170
        ? "<div><div>Example Company (The)</div><div>Freight logistics</div><div>Rotterdam, Netherlands</div></div>"
        : `<div><div>Company ${index} Holdings</div><div>Freight logistics</div><div>Lyon, France</div></div>`,
    );
    const fetcher = webFetcher({ [directory]: page("Registered companies", cards.join("")) });
    const search: SearchProvider = {
      id: "one-hit",
      search: async () => [
        { url: directory, title: "Registered companies", snippet: "Company 0 Holdings", rank: 1, provider: "one-hit" },
      ],
    };
    const server = await startFakeChatServer();
    try {
      const model = new OpenAiCompatibleChatModel({ baseUrl: server.url, model: "m", timeoutMs: 5_000, maxRetries: 0 });
      const research = createResearcher({ model, fetcher, search });
      const validation = validateResearchRequest("company", {
        question: "In which city is The Example Company based?",
        company: { name: "The Example Company", website: "https://example-company.example" },
      });
      if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
      await research(validation.request);
      expect(String(server.requests.at(-1)!.messages.at(-1)!.content)).toContain(
        "Example Company (The)\nFreight logistics\nRotterdam",
      );
    } finally {
      await server.close();
    }
  });
});

describe("createResearcher's subject known by its website alone", () => {
  it("takes the card on another site that links to the company's site, by the first name and what the link calls it", async () => {
    const directory = "https://speakers.example/2025";
    const card = (name: string, role: string, site: string, company: string) =>
      `<div><div>${name}</div><div>${role}</div><div><a href="${site}">${company}</a></div></div>`;
    const cards = Array.from({ length: 120 }, (_, index) =>
      index === 90
        ? card("Noor", "Head of Research", "https://acme.example/", "Acme Surveys")
        : card(
            index % 7 === 0 ? "Noor" : `Speaker ${index}`,
            "Designer",
            `https://company${index}.example/`,
            `Company ${index}`,
          ),
    );
    const fetcher = webFetcher({ [directory]: page("Speakers 2025", cards.join("")) });
    const search: SearchProvider = {
      id: "one-hit",
      search: async () => [
        { url: directory, title: "Speakers 2025", snippet: "Noor, Designer", rank: 1, provider: "one-hit" },
      ],
    };
    const server = await startFakeChatServer();
    try {
      const model = new OpenAiCompatibleChatModel({ baseUrl: server.url, model: "m", timeoutMs: 5_000, maxRetries: 0 });
      const research = createResearcher({ model, fetcher, search });
      const validation = validateResearchRequest("person", {
        question: "What is Noor's job title?",
        person: { firstName: "Noor", company: { website: "https://acme.example" } },
      });
      if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
      await research(validation.request);
      expect(String(server.requests.at(-1)!.messages.at(-1)!.content)).toContain(
        "Noor\nHead of Research\nAcme Surveys",
      );
    } finally {
      await server.close();
    }
  });
});

describe("createResearcher's person record", () => {
  it("fills the title and place from the person's card on the company's site, with the card as their source", async () => {
    const origin = "https://acme.example";
    const fetcher = webFetcher({
      [`${origin}/`]: page(
        "Acme Surveys",
        `<p>Acme Surveys builds tools for field research.</p><a href="/team">Team</a>`,
      ),
      [`${origin}/team`]: page(
        "Team",
        "<div><div>Omar Ruiz</div><div>Engineer</div><div>Porto, Portugal</div></div><div><div>Noor Haddad</div><div>Head of Research</div><div>Leeds, United Kingdom</div></div>",
      ),
    });
    const server = await startFakeChatServer();
    try {
      const model = new OpenAiCompatibleChatModel({ baseUrl: server.url, model: "m", timeoutMs: 5_000, maxRetries: 0 });
      const research = createResearcher({ model, fetcher, search: null });
      const validation = validateResearchRequest("person", {
        question: "Which team does Noor Haddad work in?",
        person: { firstName: "Noor", lastName: "Haddad", company: { name: "Acme Surveys", website: origin } },
      });
      if (!validation.ok) throw new Error(JSON.stringify(validation.errors));
      const response = (await research(validation.request)) as PersonResearchResponse;
      expect(response.person).toMatchObject({ jobTitle: "Head of Research", city: "Leeds", country: "United Kingdom" });
      expect(response.person.personSources.jobTitle).toEqual([
        { url: `${origin}/team`, quote: "Noor Haddad\nHead of Research" },
      ]);
    } finally {
      await server.close();
    }
  });
});
