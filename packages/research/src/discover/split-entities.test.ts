import { describe, expect, it } from "vitest";
import { looksLikePersonName, splitEntities } from "./split-entities.js";

const page = (main: string) => `<!doctype html><html><head><title>Members | Nordic Climate Index</title>
<meta property="og:site_name" content="Nordic Climate Index"></head><body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li><li><a href="/members">Members</a></li></ul></nav></header>
<main>${main}</main>
<footer><ul><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms</a></li><li><a href="/imprint">Imprint</a></li></ul></footer>
</body></html>`;

describe("splitEntities", () => {
  it("splits a table into one entity per row, named by its name column, with its links", () => {
    const html = page(`<table><tr><th>Stage</th><th>Company</th><th>City</th></tr>
      <tr><td>Seed</td><td><a href="https://fjordlight.example">Fjordlight Energy</a></td><td>Oslo</td></tr>
      <tr><td>Series A</td><td>Birchwind Carbon</td><td>Stockholm</td></tr>
      <tr><td>Seed</td><td>Tundra Heat <a href="https://www.linkedin.com/company/tundra-heat/">in</a></td><td>Helsinki</td></tr></table>`);
    const listing = splitEntities(html, "https://index.example/members", "company");
    expect(listing.title).toBe("Members | Nordic Climate Index");
    expect(listing.siteName).toBe("Nordic Climate Index");
    expect(listing.entities.map((entity) => entity.name)).toEqual([
      "Fjordlight Energy",
      "Birchwind Carbon",
      "Tundra Heat",
    ]);
    expect(listing.entities[0]).toMatchObject({
      website: "https://fjordlight.example",
      text: "Seed Fjordlight Energy Oslo",
    });
    expect(listing.entities[2]?.linkedinUrl).toBe("https://www.linkedin.com/company/tundra-heat/");
  });

  it("reads a table's name from the column that says what it lists, not from a code column", () => {
    const rows = [
      ["AOS", "A. O. Smith", "Industrials"],
      ["ABT", "Abbott Laboratories", "Health Care"],
      ["ADBE", "Adobe Inc.", "Information Technology"],
    ];
    const table = (header: string) =>
      page(
        `<table><tr><th>Symbol</th><th>${header}</th><th>Sector</th></tr>${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join("")}</tr>`).join("")}</table>`,
      );
    const names = (header: string) =>
      splitEntities(table(header), "https://list.example/", "company").entities.map((entity) => entity.name);
    const expected = ["A. O. Smith", "Abbott Laboratories", "Adobe Inc."];
    expect(names("Security")).toEqual(expected);
    expect(names("Company name")).toEqual(expected);
    // No header says so: the first cell that reads as words.
    expect(names("Listed as")).toEqual(expected);
  });

  it("splits cards by their headings, not by their first link, and leaves menus and footers out", () => {
    const card = (name: string, text: string) =>
      `<div class="card"><a href="/members/${name.toLowerCase().replace(/ /g, "-")}">View profile</a><h3>${name}</h3><p>${text}</p></div>`;
    const html = page(
      `<h1>Members</h1><div class="grid">${card("Fjordlight Energy", "A climate startup from Oslo.")}${card("Birchwind Carbon", "Carbon removal, Stockholm.")}${card("Tundra Heat", "Heat pumps, Helsinki.")}</div>`,
    );
    const listing = splitEntities(html, "https://index.example/members", "company");
    expect(listing.entities.map((entity) => entity.name)).toEqual([
      "Fjordlight Energy",
      "Birchwind Carbon",
      "Tundra Heat",
    ]);
    expect(listing.entities[0]).toMatchObject({
      detailUrl: "https://index.example/members/fjordlight-energy",
      text: "View profile Fjordlight Energy A climate startup from Oslo.",
    });
  });

  it("reads list items by their link or the words before a separator", () => {
    const html = page(`<ul>
      <li><a href="https://a.example">Alpha Grid</a>: storage</li>
      <li>Beta Wind — offshore wind, Bergen</li>
      <li>Gamma Soil (soil carbon)</li>
      <li>Delta Hydro, Trondheim</li></ul>`);
    const listing = splitEntities(html, "https://index.example/list", "company");
    expect(listing.entities.map((entity) => entity.name)).toEqual([
      "Alpha Grid",
      "Beta Wind",
      "Gamma Soil",
      "Delta Hydro",
    ]);
  });

  it("takes people from a team page, with the role beside each name", () => {
    const person = (name: string, role: string) => `<li class="member"><h3>${name}</h3><p>${role}</p></li>`;
    const html = page(
      `<ul class="team">${person("Ingrid Solberg", "Managing Partner")}${person("Jonas van der Berg", "Partner")}${person("Dr. Amina Okafor", "Venture Partner")}<li class="member"><h3>Our values</h3><p>Patience</p></li></ul>`,
    );
    const listing = splitEntities(html, "https://fund.example/team", "person");
    expect(listing.entities.map((entity) => [entity.name, entity.title])).toEqual([
      ["Ingrid Solberg", "Managing Partner"],
      ["Jonas van der Berg", "Partner"],
      ["Dr. Amina Okafor", "Venture Partner"],
    ]);
  });

  it("takes a person listed by first name only by that name, not with their role", () => {
    const person = (name: string, role: string) => `<li class="member"><h3>${name}</h3><p>${role}</p></li>`;
    const html = page(
      `<ul>${person("Amelia Rochko", "Customer Service")}${person("Claire", "Engineering (web)")}${person("David Roetzel", "Engineering (web)")}</ul>`,
    );
    const listing = splitEntities(html, "https://example.org/about", "person");
    expect(listing.entities.map((entity) => [entity.name, entity.title])).toEqual([
      ["Amelia Rochko", "Customer Service"],
      ["Claire", "Engineering (web)"],
      ["David Roetzel", "Engineering (web)"],
    ]);
  });

  it("takes no companies from a documentation page's lists, unless its title says it lists them", () => {
    const docs = (title: string) =>
      `<html><head><title>${title}</title></head><body><main><ul><li><a href="/docs/tokens">Tokens Management</a></li>
      <li><a href="/docs/sso">Single Sign-On</a></li><li><a href="/docs/logs">Audit Logs</a></li></ul></main></body></html>`;
    expect(splitEntities(docs("Hub documentation"), "https://docs.example/", "company").entities).toEqual([]);
    expect(splitEntities(docs("Our partners"), "https://docs.example/", "company").entities).toHaveLength(3);
    expect(
      splitEntities(docs("Hub documentation"), "https://docs.example/", "company", { topicWords: ["documentation"] })
        .entities,
    ).toHaveLength(3);
  });

  it("takes no companies from a team page", () => {
    const person = (name: string) => `<li class="member"><h3>${name}</h3><p>Engineering</p></li>`;
    const html = page(`<ul>${person("Amelia Rochko")}${person("David Roetzel")}${person("Dion Dajka")}</ul>`);
    expect(splitEntities(html, "https://example.org/about", "company").entities).toEqual([]);
  });

  it("takes no people from cards whose headings are single words only", () => {
    const card = (heading: string) => `<div class="feature"><h3>${heading}</h3><p>Built in.</p></div>`;
    const html = page(`<div class="features">${card("Security")}${card("Analytics")}${card("Support")}</div>`);
    expect(splitEntities(html, "https://example.org/product", "person").entities).toEqual([]);
  });

  it("finds nothing on a page that is not a listing, and finds the next page of one that is paged", () => {
    const article = page(`<p>Fjordlight Energy raised a seed round. It is hiring engineers.</p><p>More news soon.</p>
      <a href="/members?page=2">Next</a>`);
    const listing = splitEntities(article, "https://index.example/members", "company");
    expect(listing.entities).toEqual([]);
    expect(listing.nextPageUrl).toBe("https://index.example/members?page=2");
  });

  it("takes the last page of a paged listing, however few its entries, by the first page's entry shape", () => {
    const card = (name: string) => `<article class="member-card"><h3>${name}</h3><p>A climate startup.</p></article>`;
    const first = splitEntities(
      page(`${card("Alpha Grid")}${card("Beta Wind")}${card("Gamma Soil")}`),
      "https://index.example/members",
      "company",
    );
    const last = page(card("Delta Hydro"));
    expect(splitEntities(last, "https://index.example/members/2", "company").entities).toEqual([]);
    const taken = splitEntities(last, "https://index.example/members/2", "company", { signatures: first.signatures });
    expect(taken.entities.map((entity) => entity.name)).toEqual(["Delta Hydro"]);
  });

  it("does not take a profile page's facts for entities", () => {
    const html = page(`<p>Maker of robots.</p><ul class="company-facts"><li>Founded: 2016</li><li>Employees: 240</li>
      <li>Headquarters: Boston, United States</li><li>Website: <a href="https://acme.example">acme.example</a></li></ul>`);
    expect(splitEntities(html, "https://registry.example/companies/acme", "company").entities).toEqual([]);
  });

  it("does not take a careers page's openings for companies", () => {
    const html =
      page(`<ul><li><a href="/jobs/1">Senior Backend Engineer</a></li><li><a href="/jobs/2">Product Designer</a></li>
      <li><a href="/jobs/3">Technical Account Manager</a></li></ul>`);
    expect(splitEntities(html, "https://acme.example/careers", "company").entities).toEqual([]);
  });

  it("names a row by its entity, not by a value repeated down its column (a sector, a tier)", () => {
    const rows = [
      ["Energy", "Fjordlight Power"],
      ["Energy", "Birchwind Carbon"],
      ["Materials", "Tundra Steelworks"],
      ["Energy", "Saltmarsh Hydrogen"],
      ["Materials", "Kestrel Cement"],
    ];
    const html = page(`<table>${rows.map((row) => `<tr><td>${row[0]}</td><td>${row[1]}</td></tr>`).join("")}</table>`);
    expect(
      splitEntities(html, "https://index.example/members", "company").entities.map((entity) => entity.name),
    ).toEqual(rows.map((row) => row[1]));
  });

  it("takes a table for a listing when its header names the column as sponsors, whatever the page's title", () => {
    const html = `<html><head><title>Help us grow | Acme</title></head><body><main><h1>Help us</h1>
      <p>Every gift keeps the lights on.</p><table><tr><th>Sponsor</th><th>Tier</th></tr>
      <tr><td>Globex</td><td>Gold</td></tr><tr><td>Initech</td><td>Gold</td></tr><tr><td>Hooli</td><td>Silver</td></tr></table></main></body></html>`;
    expect(
      splitEntities(html, "https://acme.example/support", "company").entities.map((entity) => entity.name),
    ).toEqual(["Globex", "Initech", "Hooli"]);
  });

  it("marks the entries under a heading of former ones", () => {
    const table = (names: string[]) =>
      `<table><thead><tr><th>Sponsor</th><th>Level</th></tr></thead><tbody>${names.map((name) => `<tr><td>${name}</td><td>Gold</td></tr>`).join("")}</tbody></table>`;
    const html = page(
      `<h1>Giving</h1><h2>Sponsors</h2>${table(["Globex", "Initech", "Hooli"])}<h2>Former sponsors</h2>${table(["Umbrella Works", "Vandelay Imports", "Soylent"])}`,
    );
    const entities = splitEntities(html, "https://acme.example/donations", "company").entities;
    expect(entities.map((entity) => [entity.name, entity.past === true])).toEqual([
      ["Globex", false],
      ["Initech", false],
      ["Hooli", false],
      ["Umbrella Works", true],
      ["Vandelay Imports", true],
      ["Soylent", true],
    ]);
  });

  it("takes a name column's cell as the name even when it ends with a legal form's period", () => {
    const html = page(`<table><tr><th>Company</th><th>Sector</th></tr>
      <tr><td>Henry T. Lindqvist &amp; Co.</td><td>Insurance</td></tr>
      <tr><td>Birchwind Carbon</td><td>Energy</td></tr>
      <tr><td>Tundra Heat</td><td>Utilities</td></tr></table>`);
    expect(
      splitEntities(html, "https://index.example/members", "company").entities.map((entity) => entity.name),
    ).toEqual(["Henry T. Lindqvist & Co.", "Birchwind Carbon", "Tundra Heat"]);
  });

  it("does not name entries by a label they all carry (a sponsor tier), nor take a tier's section for a sponsor", () => {
    const item = (name: string, host: string) =>
      `<li><strong>Gold</strong> <a href="https://${host}.example">${name}</a></li>`;
    const labelled = page(
      `<h1>Sponsors</h1><ul>${item("Acme Rockets", "acme")}${item("Globex", "globex")}${item("Initech", "initech")}${item("Umbrella Works", "umbrella")}</ul>`,
    );
    expect(
      splitEntities(labelled, "https://fund.example/sponsors", "company").entities.map((entity) => entity.name),
    ).toEqual(["Acme Rockets", "Globex", "Initech", "Umbrella Works"]);
    const logo = (host: string) => `<a href="https://${host}.example"><img src="/${host}.png" alt=""></a>`;
    const tier = (label: string, hosts: string[]) =>
      `<section class="tier"><h3>${label}</h3><div class="logos">${hosts.map(logo).join("")}</div></section>`;
    const tiers = page(
      `<h1>Sponsors</h1><div>${tier("Platinum", ["acme", "globex", "initech"])}${tier("Gold", ["umbrella", "hooli", "vandelay"])}${tier("Silver", ["stark", "wayne", "tyrell"])}</div>`,
    );
    // Each tier's logos are its sponsors (named by the sites they link to); the tiers are not.
    expect(
      splitEntities(tiers, "https://fund.example/sponsors", "company").entities.map((entity) => entity.name),
    ).toEqual([
      "acme.example",
      "globex.example",
      "initech.example",
      "umbrella.example",
      "hooli.example",
      "vandelay.example",
      "stark.example",
      "wayne.example",
      "tyrell.example",
    ]);
  });

  it("names entries that are only logos by their label, else by the site they link to, never by a file name", () => {
    const html = page(`<h1>Our sponsors</h1><ul class="logos">
      <li><a href="https://acme.example/?ref=fund"><img src="/logos/acme.svg" alt="Acme Robotics logo"></a></li>
      <li><a href="https://www.beta.example/"><img src="/logos/beta.png" title="Beta Labs"></a></li>
      <li><a href="https://gamma.example" aria-label="Gamma Grid"><img src="/logos/gamma.png" alt=""></a></li>
      <li><a href="https://delta.example"><img src="/logos/logo.png" alt="logo.png"></a></li>
      <li><img src="/logos/epsilon.png" alt="Logo of Epsilon Hydro"></li>
      <li><img src="/logos/zeta.png" alt="zeta-final.png"></li></ul>`);
    const listing = splitEntities(html, "https://fund.example/sponsors", "company");
    expect(listing.entities.map(({ name, website }) => ({ name, website }))).toEqual([
      { name: "Acme Robotics", website: "https://acme.example" },
      { name: "Beta Labs", website: "https://www.beta.example" },
      { name: "Gamma Grid", website: "https://gamma.example" },
      { name: "delta.example", website: "https://delta.example" },
      { name: "Epsilon Hydro", website: undefined },
    ]);
    // A logo says nothing of its company: the entry's text, what a quote must be part of, is empty.
    expect(listing.entities[0]?.text).toBe("");
  });

  it("names a logo beside the tier every entry carries by the logo, not by the tier", () => {
    const item = (name: string, host: string) =>
      `<li><a href="https://${host}.example"><img src="/${host}.png" alt="${name}"></a> <span>Gold</span></li>`;
    const html = page(
      `<h1>Sponsors</h1><ul>${item("Acme Rockets", "acme")}${item("Globex", "globex")}${item("Initech", "initech")}</ul>`,
    );
    expect(
      splitEntities(html, "https://fund.example/sponsors", "company").entities.map((entity) => entity.name),
    ).toEqual(["Acme Rockets", "Globex", "Initech"]);
  });

  it("takes a tier of few logos beside larger tiers of the same shape, and marks former sponsors", () => {
    const logo = (name: string) =>
      name === "-"
        ? `<li><img src="/logos/logo.png"></li>`
        : `<li><a href="https://${name.toLowerCase()}.example"><img src="/${name}.png" alt="${name}"></a></li>`;
    const tier = (label: string, names: string[]) =>
      `<section class="tier"><h2>${label}</h2><ul class="logos">${names.map(logo).join("")}</ul></section>`;
    const html = page(
      `<h1>Sponsors</h1>${tier("Platinum", ["Acme", "Globex"])}${tier("Gold", ["Initech", "Hooli", "Vandelay", "Tyrell"])}${tier("Community", ["Umbrella", "-", "Stark"])}${tier("Former sponsors", ["Wayne"])}`,
    );
    const listing = splitEntities(html, "https://fund.example/sponsors", "company");
    expect(listing.entities.map(({ name, past }) => (past ? `${name} (past)` : name))).toEqual([
      "Acme",
      "Globex",
      "Initech",
      "Hooli",
      "Vandelay",
      "Tyrell",
      "Umbrella",
      "Stark",
      "Wayne (past)",
    ]);
  });

  it("takes a short list beside a listing taken only when both are logos, not a page's other bullet lists", () => {
    const html = page(`<h1>Partner programs</h1>
      <section><h2>Partners</h2><ul><li><a href="https://acme.example">Acme Rockets</a></li><li><a href="https://globex.example">Globex</a></li><li><a href="https://initech.example">Initech</a></li></ul></section>
      <section><h2>How to apply</h2><ul><li><a href="https://forms.example/apply">Fill out the form</a></li><li>Wait for our answer</li></ul></section>`);
    expect(
      splitEntities(html, "https://fund.example/partners", "company").entities.map((entity) => entity.name),
    ).toEqual(["Acme Rockets", "Globex", "Initech"]);
  });

  it("takes a wall of logos without links where its section says whose they are, and no pictures elsewhere", () => {
    const wall = (heading: string) =>
      page(
        `<h2>${heading}</h2><div class="wall"><img src="/a.png" alt="Acme Rockets"><img src="/g.png" alt="Globex"><img src="/i.png" title="Initech"></div>`,
      ).replace("<title>Members | Nordic Climate Index</title>", "<title>Quillpad: notes for teams</title>");
    const names = (html: string) =>
      splitEntities(html, "https://quillpad.example/", "company").entities.map((entity) => entity.name);
    expect(names(wall("Trusted by"))).toEqual(["Acme Rockets", "Globex", "Initech"]);
    expect(names(wall("What's new"))).toEqual([]);
    // Screenshots that link on, described by their alt text, name nothing; nor do badges off the site.
    const shots = page(`<h1>Sponsors</h1><div class="gallery">
      <a href="/segments"><img src="/s.png" alt="Audience segmentation in the Quillon Analytics dashboard"></a>
      <a href="/realtime"><img src="/r.png" alt="Real-time web analytics dashboard with live visitors"></a>
      <a href="/funnels"><img src="/f.png" alt="A funnel report filtered by country"></a></div>`);
    expect(names(shots)).toEqual([]);
    const badges = page(`<div class="badges">
      <a href="https://ci.example/build"><img src="https://badges.example/build.svg" alt="Build Status"></a>
      <a href="https://coverage.example/repo"><img src="https://badges.example/coverage.svg" alt="Coverage Status"></a>
      <a href="https://registry.example/package"><img src="https://badges.example/v.svg" alt="npm version"></a></div>`).replace(
      "<title>Members | Nordic Climate Index</title>",
      "<title>Getting started</title>",
    );
    expect(names(badges)).toEqual([]);
  });

  it("splits a long directory whole", () => {
    const rows = Array.from(
      { length: 1500 },
      (_, index) => `<tr><td>Company ${index} Labs</td><td>Oslo</td></tr>`,
    ).join("");
    const listing = splitEntities(page(`<table>${rows}</table>`), "https://index.example/all", "company");
    expect(listing.entities).toHaveLength(1500);
    expect(listing.entities[1499]?.name).toBe("Company 1499 Labs");
  });
});

describe("looksLikePersonName", () => {
  it.each([
    ["Ingrid Solberg", true],
    ["Jonas van der Berg", true],
    ["José María Núñez", true],
    ["Granite Peak Ventures", false],
    ["Our values", false],
    ["Ingrid", false],
    ["Series 2 Fund", false],
    // Headings of a team page's sections and roles read like names but are not anyone's.
    ["Board Of Trustees", false],
    ["Our Leadership Team", false],
    ["Staff Engineer", false],
    ["Meet The Founders", false],
  ])("%s: %s", (text, expected) => {
    expect(looksLikePersonName(text)).toBe(expected);
  });
});
