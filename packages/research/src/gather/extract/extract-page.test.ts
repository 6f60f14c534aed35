import { describe, expect, it } from "vitest";
import { extractPage } from "./extract-page.js";

const URL = "https://acme.example/about/team";

function html(body: string, head = ""): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Team | Acme</title>${head}</head><body>${body}</body></html>`;
}

const CHROME = `
  <div id="cookie-consent" class="consent-banner">We use cookies to personalise content. <button>Accept all</button></div>
  <header><nav><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/blog">Blog</a> <a href="/careers">Careers</a></nav></header>
  <div class="gdpr-notice">Manage your privacy preferences here.</div>
`;
const FOOTER = `<footer><p>© 2024 Acme Corp. All rights reserved.</p><a href="/imprint">Imprint</a> <a href="https://www.linkedin.com/company/acme-corp/">LinkedIn</a></footer>`;

describe("extractPage on HTML", () => {
  it("keeps the article text and drops navigation, footer, cookie banners and scripts", () => {
    const page = extractPage({
      url: "https://acme.example/blog/launch",
      contentType: "text/html; charset=utf-8",
      text: html(`${CHROME}<main><article><h1>Acme launches rockets</h1>
        <p>Acme Corp announced on Tuesday that its reusable rocket completed a third orbital flight, a first for a company of its size.</p>
        <h2>What comes next</h2><p>The company plans monthly launches from its site in Kourou starting next spring, according to the chief executive.</p>
        <script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);}</script>
        <style>.hero { color: red; }</style></article></main>
        <aside><h3>Subscribe</h3><p>Get our newsletter every week.</p></aside>${FOOTER}`),
    });
    expect(page.text).toContain("Acme Corp announced on Tuesday");
    expect(page.text).toMatch(/^## What comes next$/m);
    for (const boilerplate of [
      "cookies",
      "Accept all",
      "privacy preferences",
      "All rights reserved",
      "Pricing",
      "newsletter",
      "dataLayer",
      "color: red",
    ]) {
      expect(page.text).not.toContain(boilerplate);
    }
    expect(page.text).toMatch(/\n\n/);
  });

  it("drops navigation, sidebars and footers even inside the main landmark, and keeps the article's own header", () => {
    const page = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`<main><nav aria-label="Breadcrumb">Home / Blog</nav><article><header><h1>Launch day</h1></header>
        <p>Acme launched its first rocket today.</p><aside>Related: our pricing page</aside>
        <div role="navigation">Previous post · Next post</div><div role="contentinfo">Posted in News</div></article>
        <footer>© Acme Corp</footer></main>`),
    });
    expect(page.text).toBe("# Launch day\n\nAcme launched its first rocket today.");
  });

  it("drops cookie and consent banners wherever they sit, landmarks or not", () => {
    const banners = `<div id="gdpr-box">We value your privacy. Choose your settings.</div>
      <section class="consent-popup"><p>We use cookies for analytics.</p></section>
      <div class="cookieNotice">This site stores cookies on your device.</div>`;
    const bare = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`${banners}<div><h1>Acme</h1><p>Acme builds rockets in Berlin.</p></div>`),
    });
    const landmark = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`<main>${banners}<h1>Acme</h1><p>Acme builds rockets in Berlin.</p></main>`),
    });
    for (const page of [bare, landmark]) {
      expect(page.text).toBe("# Acme\n\nAcme builds rockets in Berlin.");
    }
  });

  it("takes Readability's pick on a page of bare divs with teaser blocks around the story", () => {
    const story = Array.from(
      { length: 8 },
      (_, index) =>
        `<p>Paragraph ${index} of the story: Acme's engineers spent the winter rebuilding the engine, testing every valve twice, and writing down what failed.</p>`,
    ).join("");
    const teasers = Array.from(
      { length: 12 },
      (_, index) =>
        `<div class="teaser"><a href="/story-${index}">Bakery wins sourdough award ${index}</a><div>Local bakery celebrates with the town.</div></div>`,
    ).join("");
    const page = extractPage({
      url: "https://news.example/engine",
      contentType: "text/html",
      text: `<html><body><div class="wrap"><div class="top">${teasers}</div><div class="post"><h1>Engine rebuilt</h1>${story}</div><div class="bottom">${teasers}</div></div></body></html>`,
    });
    expect(page.text).toContain("Paragraph 0 of the story");
    expect(page.text).toContain("Paragraph 7 of the story");
    expect(page.text).not.toContain("sourdough");
  });

  it("keeps every block of the main landmark, a contact list with its addresses and the legal lines too", () => {
    const story = Array.from(
      { length: 5 },
      (_, index) =>
        `<p>Part ${index} of our story: Acme's engineers spent the winter rebuilding the engine, testing every valve twice, and writing down what failed.</p>`,
    ).join("");
    const contacts = ["Press", "Sales", "Support", "Legal", "Security", "Jobs"]
      .map(
        (team) =>
          `<div><p>${team}:</p><p><a href="mailto:${team.toLowerCase()}@acme.example">${team.toLowerCase()}@acme.example</a></p></div>`,
      )
      .join("");
    const page = extractPage({
      url: "https://acme.example/about",
      contentType: "text/html",
      text: html(`${CHROME}<main><h1>We build engines</h1><div><div>${story}</div></div>
        <div><h2>Contact us</h2>${contacts}</div>
        <div><h2>Legal notice</h2><div><div>Company: Acme Engines Ltd</div><div>Register: <a href="/register">No. 4711</a></div></div></div></main>${FOOTER}`),
    });
    expect(page.text).toContain("# We build engines");
    expect(page.text).toContain("Part 4 of our story");
    expect(page.text).toContain("security@acme.example");
    expect(page.text).toContain("Register: No. 4711");
  });

  it("reads title, description, site name, dates and language from meta tags and JSON-LD", () => {
    const page = extractPage({
      url: "https://acme.example/blog/launch",
      contentType: "text/html",
      text: html(
        `<article><h1>Launch</h1><p>Body text of the launch post that is long enough to count as an article.</p></article>`,
        `<meta name="description" content="Acme's rocket flies again.">
         <meta property="og:site_name" content="Acme Blog">
         <meta property="article:modified_time" content="2024-03-05T10:00:00+01:00">
         <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
           {"@type":"BlogPosting","headline":"Acme launches rockets","datePublished":"2024-03-04"},
           {"@type":"Organization","name":"Acme Corp","foundingDate":"2014","sameAs":["https://x.com/acme","https://github.com/acme"]}]}</script>
         <script type="application/ld+json">{ this is not json </script>`,
      ),
    });
    expect(page.title).toBe("Acme launches rockets");
    expect(page.description).toBe("Acme's rocket flies again.");
    expect(page.siteName).toBe("Acme Blog");
    expect(page.publishedAt).toBe("2024-03-04");
    expect(page.modifiedAt).toBe("2024-03-05T09:00:00.000Z");
    expect(page.language).toBe("en-GB");
    expect(page.jsonLd.map((object) => object["@type"])).toEqual(["BlogPosting", "Organization"]);
    expect(page.profileLinks).toEqual(["https://x.com/acme", "https://github.com/acme"]);
  });

  it("reads the language from og:locale when <html lang> is empty", () => {
    const page = extractPage({
      url: URL,
      contentType: "text/html",
      text: `<html lang=""><head><meta property="og:locale" content="de_AT"></head><body><p>Hallo.</p></body></html>`,
    });
    expect(page.language).toBe("de-AT");
  });

  it("falls back to the page title without the site name, and to a <time> element", () => {
    const page = extractPage({
      url: "https://acme.example/news",
      contentType: "text/html",
      text: html(
        `<article><h1>News</h1><p>Posted <time datetime="2023-11-02T08:30:00Z">2 Nov</time>: we moved offices.</p></article>`,
        `<meta property="og:site_name" content="Acme">`,
      ),
    });
    expect(page.title).toBe("Team");
    expect(page.publishedAt).toBe("2023-11-02T08:30:00.000Z");
  });

  it("keeps each person's name together with their title on a team page", () => {
    const card = (name: string, role: string, bio: string, link = ""): string =>
      `<div class="team-member"><img src="/p.jpg" alt=""><h3>${link ? `<a href="${link}">${name}</a>` : name}</h3><p class="title">${role}</p><p>${bio}</p></div>`;
    const page = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`${CHROME}<h1>Leadership</h1><div class="grid">
        ${card("Jane Doe", "Chief Technology Officer", "Jane leads engineering.", "https://www.linkedin.com/in/janedoe/")}
        ${card("John Roe", "Chief Executive Officer", "John founded Acme in 2014.")}
        </div>
        <ul class="people"><li class="person"><strong>Mia Wong</strong><span class="role">VP Sales</span></li></ul>
        <div itemscope itemtype="https://schema.org/Person"><span itemprop="name">Ola Berg</span>, <span itemprop="jobTitle">Head of Design</span></div>
        <div class="card"><h4>Sam Poe</h4><div>General Counsel</div></div>${FOOTER}`),
    });
    expect(page.text).toContain("Jane Doe — Chief Technology Officer");
    expect(page.text).toContain("John Roe — Chief Executive Officer");
    expect(page.text).toContain("Mia Wong — VP Sales");
    expect(page.text).toContain("Ola Berg — Head of Design");
    expect(page.text).toContain("Sam Poe — General Counsel");
    expect(page.text).toContain("John founded Acme in 2014.");
    expect(page.text).not.toContain("cookies");
    expect(page.profileLinks).toEqual([
      "https://www.linkedin.com/in/janedoe",
      "https://www.linkedin.com/company/acme-corp",
    ]);
  });

  it("collects every absolute link, navigation included, and resolves relative ones", () => {
    const page = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`${CHROME}<p>See <a href="../press#top" rel="nofollow">press</a>, <a href="mailto:x@acme.example">mail</a>,
        <a href="javascript:void(0)">js</a> and <a href="https://twitter.com/intent/tweet?text=hi">share</a>.</p>${FOOTER}`),
    });
    const urls = page.links.map((link) => link.url);
    expect(urls).toContain("https://acme.example/pricing");
    expect(urls).toContain("https://acme.example/imprint");
    expect(page.links.find((link) => link.url === "https://acme.example/press")).toEqual({
      url: "https://acme.example/press",
      text: "press",
      rel: "nofollow",
    });
    expect(urls.every((url) => url.startsWith("https://"))).toBe(true);
    expect(page.profileLinks).toEqual(["https://www.linkedin.com/company/acme-corp"]);
  });

  it("drops menu-like link lists outside the main content and keeps a docs index inside it", () => {
    const menu = `<div class="links">${["Docs", "API", "Status", "Changelog", "Security"].map((name) => `<a href="/${name.toLowerCase()}">${name}</a>`).join(" ")}</div>`;
    const index = `<ul>${["Install", "Configure", "Deploy", "Upgrade"].map((name) => `<li><a href="/docs/${name.toLowerCase()}">${name}</a></li>`).join("")}</ul>`;
    const page = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`${menu}<main><h1>Documentation</h1><p>Start here.</p>${index}</main>${menu}`),
    });
    expect(page.text).toBe("# Documentation\n\nStart here.\n\n- Install\n- Configure\n- Deploy\n- Upgrade");
    expect(page.links.map((link) => link.url)).toContain("https://acme.example/changelog");
    const bare = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`${menu}<div><h1>Acme</h1><p>Acme builds rockets.</p></div>${menu}`),
    });
    expect(bare.text).toBe("# Acme\n\nAcme builds rockets.");
  });

  it("renders tables as rows of cells and lists as items", () => {
    const page = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`<main><h1>Pricing</h1><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Starter</td><td>$9</td></tr></table>
        <ul><li>SSO</li><li>Audit log</li></ul></main>`),
    });
    expect(page.text).toContain("Plan | Price\nStarter | $9");
    expect(page.text).toContain("- SSO\n- Audit log");
  });

  it("keeps apart what line breaks and blocks separate inside list items, cells and definition lists", () => {
    const page = extractPage({
      url: URL,
      contentType: "text/html",
      text: html(`<main><h1>About Acme</h1><h2>Staff</h2>
        <ul><li><strong>Rosa Vell</strong><br><span>Head of Finance</span></li><li>Ivo Quist<div>Support Lead</div></li></ul>
        <table><tr><th>Office</th><th>Address</th></tr><tr><td>North</td><td>12 Mill Lane<br>Springfield</td></tr>
        <tr><td>South</td><td>4 Quay Road<br>Harbourtown</td></tr></table>
        <h2>Legal notice</h2><dl><div><dt>Company</dt><dd>Acme Widgets Ltd</dd></div>
        <div><dt>Address:</dt><dd><address>1 Example Street<br>9999 Exampletown<br>Examplia</address></dd></div>
        <div><dt>Register</dt><dd>Example Court</dd><dd>No. 123456</dd></div></dl></main>`),
    });
    expect(page.text).toContain("- Rosa Vell, Head of Finance\n- Ivo Quist Support Lead");
    expect(page.text).toContain("North | 12 Mill Lane, Springfield");
    expect(page.text).toContain(
      "Company: Acme Widgets Ltd\nAddress: 1 Example Street, 9999 Exampletown, Examplia\nRegister: Example Court, No. 123456",
    );
  });

  it("does not crash on broken markup, hostile nesting, binary junk or an empty body", () => {
    expect(extractPage({ url: URL, contentType: "text/html", text: "<div><p>unclosed <b>bold" }).text).toContain(
      "unclosed bold",
    );
    const nested = `<html><body>${"<div>".repeat(5000)}<p>deep text</p>${"</div>".repeat(5000)}</body></html>`;
    expect(extractPage({ url: URL, contentType: "text/html", text: nested }).text).toBe("deep text");
    const garbage = Array.from({ length: 3000 }, (_, index) => String.fromCharCode((index * 7919) % 55000)).join("");
    expect(typeof extractPage({ url: URL, contentType: "text/html", text: garbage }).text).toBe("string");
    const empty = extractPage({ url: URL, contentType: "text/html", text: "" });
    expect(empty.text).toBe("");
    expect(empty.title).toBeNull();
  });

  it("reads the text written after a video tag closed with a slash, and not the player's fallback", () => {
    const page = extractPage({
      url: "https://acme.example/docs/filters",
      contentType: "text/html",
      text: html(`<main><article><h1>Filters</h1><video src="./demo.mp4" autoplay muted loop />
        <p>Filters narrow a search to the sites you choose, up to twenty of them.</p>
        <ul><li>Included sites</li><li>Excluded sites</li></ul>
        <p>Filters do not apply to map searches yet.</p>
        <h2>Sharing filters</h2><p>A filter can be shared with a link.</p></article></main>
        <video controls><source src="/intro.webm">Your browser cannot play this video.</video>`),
    });
    expect(page.text).toContain("Filters do not apply to map searches yet.");
    expect(page.text).toMatch(/^## Sharing filters$/m);
    expect(page.text).toContain("- Excluded sites");
    expect(page.text).not.toContain("cannot play");
  });
});

describe("extractPage on other content types", () => {
  it("cleans plain text and takes the title from the first line", () => {
    const page = extractPage({
      url: "https://acme.example/readme.txt",
      contentType: "text/plain",
      text: "\ufeff  Acme README \r\n\r\n\r\n\r\nFirst   paragraph.\r\nSecond line.\n",
    });
    expect(page.title).toBe("Acme README");
    expect(page.text).toBe("Acme README\n\nFirst paragraph.\nSecond line.");
  });

  it("joins hard-wrapped PDF lines and hyphenated words", () => {
    const page = extractPage({
      url: "https://acme.example/report.pdf",
      contentType: "application/pdf",
      text: "Annual Report 2023\n\nAcme grew its infor-\nmation business by\n40 percent.\f Page two starts here.",
    });
    expect(page.title).toBe("Annual Report 2023");
    expect(page.text).toBe(
      "Annual Report 2023\n\nAcme grew its information business by 40 percent.\n\nPage two starts here.",
    );
  });

  it("pretty-prints JSON and reads JSON-LD documents", () => {
    const page = extractPage({
      url: "https://acme.example/org.jsonld",
      contentType: "application/ld+json",
      text: '{"@context":"https://schema.org","@type":"Organization","name":"Acme","sameAs":"https://www.crunchbase.com/organization/acme"}',
    });
    expect(page.text).toContain('\n  "name": "Acme"');
    expect(page.title).toBe("Acme");
    expect(page.jsonLd).toHaveLength(1);
    expect(page.profileLinks).toEqual(["https://www.crunchbase.com/organization/acme"]);
  });

  it("sniffs HTML served without a content type", () => {
    const page = extractPage({ url: URL, contentType: "", text: html("<main><p>Sniffed body.</p></main>") });
    expect(page.text).toBe("Sniffed body.");
  });
});
