import { describe, expect, it } from "vitest";
import { questionIntents } from "../../plan/question-intents.js";
import type { PageLink } from "../extract/extracted-page.js";
import { chooseSitePages, diversePages, type PageQuestion, scoreSitePages } from "./choose-site-pages.js";

const ask = (question: string): PageQuestion => ({ question, intents: questionIntents(question, "company") });

const origin = "https://acme.test";
const link = (path: string, text = "", host = "acme.test", scheme = "https"): PageLink => ({
  url: `${scheme}://${host}${path}`,
  text,
});

const navigation: PageLink[] = [
  link("/", "Home"),
  link("/blog/2019/10/holiday-party", "Our holiday party"),
  link("/p/4821", "Who we are"),
  link("/p/4822", "Meet the team"),
  link("/trust-center", "Trust"),
  link("/plans", "Plans"),
  link("/legal/cookies", "Cookies"),
  link("/assets/logo.png", "Logo"),
  link("/about", "About us"),
  link("/security", "Security"),
  link("/pricing", "Pricing"),
  link("/team", "Team"),
  link("/", "Acme"),
  link("/widgets/gear-ratio", "Gear ratio"),
  link("/about", "", "other.example"),
  link("/team", "Team", "acme.test.evil.example"),
];

describe("chooseSitePages", () => {
  it.each([
    ["/about", "by path"],
    ["/team", "by path"],
    ["/security", "by path"],
    ["/pricing", "by path"],
    ["/p/4821", "by anchor text (who we are)"],
    ["/p/4822", "by anchor text (meet the team)"],
    ["/trust-center", "by path word (trust)"],
  ])("picks %s %s", (path) => {
    expect(chooseSitePages(origin, navigation, [], ask("What does the company do?"), 20)).toContain(`${origin}${path}`);
  });

  it("never picks the home page, another site, a look-alike host or a static file", () => {
    const chosen = chooseSitePages(origin, navigation, [], ask("What does the company do? logo"), 20);
    expect(chosen).not.toContain(`${origin}/`);
    expect(chosen.every((url) => new URL(url).hostname === "acme.test")).toBe(true);
    expect(chosen).not.toContain(`${origin}/assets/logo.png`);
  });

  it("leaves out pages that neither their kind nor the question make likely", () => {
    const chosen = chooseSitePages(origin, navigation, [], ask("What does the company do?"), 20);
    expect(chosen).not.toContain(`${origin}/widgets/gear-ratio`);
  });

  it("puts pages the question names first", () => {
    expect(chooseSitePages(origin, navigation, [], ask("What is the gear ratio of their widgets?"), 1)).toEqual([
      `${origin}/widgets/gear-ratio`,
    ]);
    expect(chooseSitePages(origin, navigation, [], ask("What does their pricing look like?"), 1)).toEqual([
      `${origin}/pricing`,
    ]);
    expect(chooseSitePages(origin, navigation, [], ask("Is the company SOC 2 compliant? security"), 1)).toEqual([
      `${origin}/security`,
    ]);
  });

  it("puts the person's own page first, by their name or their first name alone in its path or link", () => {
    const person = (question: string, personName: string): PageQuestion => ({
      question,
      intents: questionIntents(question, "person"),
      subjectTerms: [personName, "Acme"],
      personName,
    });
    const sitemap = [
      "https://acme.test/company/team",
      "https://acme.test/company/leadership",
      "https://acme.test/handbook/engineering/team-rituals",
      "https://acme.test/handbook/company/people/noor-haddad",
      "https://acme.test/handbook/company/people/jose-marin",
    ];
    const bio = [link("/p/77", "Noor Haddad")];
    expect(
      chooseSitePages(origin, bio, sitemap, person("Where did Noor Haddad work before?", "Noor Haddad"), 1),
    ).toEqual([`${origin}/handbook/company/people/noor-haddad`]);
    expect(
      chooseSitePages(origin, bio, sitemap, person("Where did Noor Haddad work before?", "Noor Haddad"), 2),
    ).toContain(`${origin}/p/77`);
    expect(chooseSitePages(origin, [], sitemap, person("What is José's role?", "José"), 1)).toEqual([
      `${origin}/handbook/company/people/jose-marin`,
    ]);
  });

  it("reads the imprint, then the privacy policy and terms, for a question about the legal entity", () => {
    const footer = [
      link("/legal/cookies", "Cookies"),
      link("/legal/trademarks", "Trademark guidelines"),
      link("/legal/privacy", "Privacy"),
      link("/legal/terms", "Terms"),
      link("/p/12", "Legal notice"),
      link("/about", "About"),
    ];
    const chosen = chooseSitePages(origin, footer, [], ask("What is Acme's tax number?"), 3);
    expect(chosen[0]).toBe(`${origin}/p/12`);
    expect(chosen.slice(1).sort()).toEqual([`${origin}/legal/privacy`, `${origin}/legal/terms`]);
    const entity = chooseSitePages(
      origin,
      [link("/legal/cookies", "Cookies"), link("/donations/acme-inc", "Donations")],
      [],
      ask("Under which state's law is Acme's US arm incorporated?"),
      1,
    );
    expect(entity).toEqual([`${origin}/donations/acme-inc`]);
  });

  it("reads two pages of a numbered series, then the pages beside them", () => {
    const sitemap = [2016, 2017, 2018, 2019, 2020].map((year) => `${origin}/documents/legal-report-${year}.html`);
    const footer = [link("/privacy", "Privacy"), ...sitemap.map((url) => ({ url, text: "Legal report" }))];
    const chosen = chooseSitePages(origin, footer, [], ask("What type of legal entity is Acme?"), 3);
    expect(chosen.filter((url) => url.includes("legal-report"))).toHaveLength(2);
    expect(chosen).toContain(`${origin}/privacy`);
    // The year asked for is read wherever it stands in the series.
    const asked = chooseSitePages(origin, footer, [], ask("What did Acme's 2020 legal report say?"), 3);
    expect(asked).toContain(`${origin}/documents/legal-report-2020.html`);
  });

  it("reads a page named by the short form of a phrase the question spells out", () => {
    const blog = [
      link("/blog/team-accounts", "Team accounts"),
      link("/blog/sso-is-here", "SSO is here"),
      link("/blog/our-roadmap", "Our roadmap"),
    ];
    expect(chooseSitePages(origin, blog, [], ask("Which single sign-on protocol does Acme support?"), 1)).toEqual([
      `${origin}/blog/sso-is-here`,
    ]);
  });

  it("reads the terms for a refund question, and the benefits page for a pension question", () => {
    const footer = [link("/pricing", "Pricing"), link("/terms", "Terms of service"), link("/blog", "Blog")];
    expect(chooseSitePages(origin, footer, [], ask("Does Acme refund annual subscriptions?"), 2)).toContain(
      `${origin}/terms`,
    );
    // Who takes the payments is stated where the customer's agreement is.
    expect(
      chooseSitePages(origin, footer, [], ask("Which company processes subscription payments for Acme?"), 2),
    ).toContain(`${origin}/terms`);
    const handbook = [
      link("/careers/hiring-process", "How we hire"),
      link("/handbook/values", "Values"),
      link("/handbook/benefits", "Benefits"),
    ];
    expect(chooseSitePages(origin, handbook, [], ask("What 401(k) match does Acme offer its staff?"), 1)).toEqual([
      `${origin}/handbook/benefits`,
    ]);
  });

  it("puts the page named after the person alone before pages about something of theirs", () => {
    const links = [
      link("/team/ada-lind-goals", "Ada Lind's goals"),
      link("/blog/ada-lind-intro", "Introducing Ada Lind"),
      link("/handbook/company/team/ada-lind", "Ada Lind's README"),
    ];
    const question = { ...ask("Where does Ada Lind live?"), personName: "Ada Lind" };
    const scored = scoreSitePages(origin, links, [], question);
    expect(scored[0]?.url).toBe(`${origin}/handbook/company/team/ada-lind`);
    const first = { ...ask("Where does Ada live?"), personName: "Ada" };
    expect(scoreSitePages(origin, [link("/ada-goals"), link("/people/team/ada")], [], first)[0]?.url).toBe(
      `${origin}/people/team/ada`,
    );
  });

  it("reads, for a person, the page above their own, the team page with their card", () => {
    const links = [
      link("/careers", "Careers"),
      link("/handbook/people/hiring", "How we hire"),
      link("/handbook/people/team-structure", "Team structure"),
      link("/handbook/company/team", "Team"),
      link("/handbook/company/team/ada-lind", "Ada Lind's README"),
    ];
    const question = { ...ask("Where did Ada Lind intern before joining?"), personName: "Ada Lind" };
    const scored = scoreSitePages(origin, links, [], question);
    const team = scored.findIndex((page) => page.url === `${origin}/handbook/company/team`);
    const structure = scored.findIndex((page) => page.url === `${origin}/handbook/people/team-structure`);
    expect(team).toBeLessThan(structure);
    const chosen = diversePages(scored, 3, { includeKind: "team" }).map((page) => page.url);
    expect(chosen).toContain(`${origin}/handbook/company/team/ada-lind`);
    expect(chosen).toContain(`${origin}/handbook/company/team`);
  });

  it("counts a page named by the short form of a phrase the question spells out as named by the phrase", () => {
    const links = [
      link("/docs", "Docs"),
      link("/docs/api", "API"),
      link("/docs/login-standards", "Login standards"),
      link("/docs/sso", "SSO"),
    ];
    const chosen = chooseSitePages(origin, links, [], ask("Which single sign-on standard does Acme support?"), 1);
    expect(chosen).toEqual([`${origin}/docs/sso`]);
  });

  it("reads, for a person, the directory above their own page even when a leadership page outranks it", () => {
    const links = [
      link("/handbook/company/leadership", "Leadership"),
      link("/handbook/company/team", "Team"),
      link("/docs/api/people", "People API"),
      link("/blog/choosing-a-cofounder", "Choosing a co-founder"),
      link("/handbook/company/team/ada-lind", "Ada Lind"),
      link("/community/contributors/ada-lind", "Ada Lind"),
    ];
    const question = {
      question: "Is Ada Lind the chief technology officer?",
      intents: questionIntents("Is Ada Lind the chief technology officer?", "person"),
      personName: "Ada Lind",
    };
    const chosen = diversePages(scoreSitePages(origin, links, [], question), 4, { includeKind: "team" });
    expect(chosen.map((page) => page.url)).toContain(`${origin}/handbook/company/team`);
  });
  it.each([
    ["/members", "Members"],
    ["/fellows", "Our fellows"],
    ["/directory", "Directory"],
    ["/speakers", "Speakers"],
    ["/about/advisory-board", "Advisory board"],
    ["/faculty", "Faculty"],
  ])("reads, for a person known by first name, the directory %s of the organisation's people", (path, text) => {
    const links = [
      link("/events", "Events"),
      link("/programs/summer-school", "Summer school"),
      link("/news", "News"),
      link("/contact", "Contact"),
      link("/resources/reports", "Reports"),
      link(path, text),
    ];
    const question = { ...ask("What does Tamsin work on?"), personName: "Tamsin" };
    const chosen = diversePages(scoreSitePages(origin, links, [], question), 2, { includeKind: "team" });
    expect(chosen.map((page) => page.url)).toContain(`${origin}${path}`);
  });

  it("reads the post of the year the question names in a dated archive", () => {
    const sitemap = [
      "https://acme.test/blog/2023/05/02/board-changes",
      "https://acme.test/blog/2024/03/11/board-changes",
      "https://acme.test/blog/2024/01/09/product-update",
      "https://acme.test/blog/2022/board-retreat",
    ];
    expect(chooseSitePages(origin, [], sitemap, ask("Who joined Acme's board in 2024?"), 1)).toEqual([
      "https://acme.test/blog/2024/03/11/board-changes",
    ]);
  });

  it("reads a services page, named in the sitemap only, for a service run for the customer", () => {
    const question = "Will Example Labs run a managed deployment inside our own cloud account?";
    expect(questionIntents(question, "company")).toContain("services");
    // A managed deployment is run for the customer: no manager is asked about.
    expect(questionIntents(question, "company")).not.toContain("leadership");
    const pages = [link("/pricing", "Pricing"), link("/docs", "Docs"), link("/blog", "Blog")];
    const sitemap = [`${origin}/services`, `${origin}/newsletter`, `${origin}/brand`];
    expect(chooseSitePages(origin, pages, sitemap, ask(question), 1)).toEqual([`${origin}/services`]);
  });

  it("reads the legal pages for a former name: the entity is named there with what it was called", () => {
    expect(questionIntents("What was Example Inc previously called?", "company")).toContain("legal-entity");
    expect(questionIntents("Which company was she formerly a designer at?", "person")).not.toContain("legal-entity");
    const pages = [link("/blog", "Blog"), link("/privacy", "Privacy"), link("/careers", "Careers")];
    expect(chooseSitePages(origin, pages, [], ask("What was Example Inc previously called?"), 1)).toEqual([
      `${origin}/privacy`,
    ]);
  });

  it("reads a company's strategy or roadmap for what it plans, not its price plans", () => {
    expect(questionIntents("What year does Acme plan to open an office in Asia?", "company")).toEqual([
      "location",
      "plans",
    ]);
    expect(questionIntents("Which plan includes SSO?", "company")).toContain("pricing");
    const pages = [link("/pricing", "Pricing"), link("/plans", "Plans"), link("/company/strategy", "Our strategy")];
    expect(chooseSitePages(origin, pages, [], ask("When does Acme plan to go public?"), 1)).toEqual([
      `${origin}/company/strategy`,
    ]);
  });

  it("reads a date yet to come where the site tells what is coming", () => {
    const question = "On what date will Acme stop signing documents with the old key?";
    expect(questionIntents(question, "company")).toContain("plans");
    const pages = [link("/about", "About"), link("/upcoming-changes", "Upcoming changes"), link("/pricing", "Pricing")];
    expect(chooseSitePages(origin, pages, [], ask(question), 1)).toEqual([`${origin}/upcoming-changes`]);
  });

  it("reads a startup program as no founding, and an interview as hiring", () => {
    expect(questionIntents("Link to apply for Acme's startup program?", "company")).not.toContain("founding");
    expect(questionIntents("When did Acme start?", "company")).toContain("founding");
    expect(questionIntents("Is the final interview at Acme paid?", "company")).toContain("hiring");
    const pages = [link("/pricing", "Pricing"), link("/careers", "Careers"), link("/blog", "Blog")];
    expect(chooseSitePages(origin, pages, [], ask("Is the final interview at Acme paid?"), 2)).toContain(
      `${origin}/careers`,
    );
  });

  it("reads 'ppl' as people, and a deployment the company would manage as a service, not a manager", () => {
    expect(questionIntents("how many ppl work at acme?", "company")).toEqual(["headcount"]);
    const managed = "Will Acme manage a deployment inside our own cloud?";
    expect(questionIntents(managed, "company")).toContain("services");
    expect(questionIntents(managed, "company")).not.toContain("leadership");
    expect(questionIntents("Who manages Acme's sales team?", "company")).toContain("leadership");
  });

  it("matches question words to page words sharing a stem", () => {
    const links = [link("/integrations", "Integrations"), link("/careers", "Careers")];
    expect(chooseSitePages(origin, links, [], ask("Does it integrate with SAP?"), 1)).toEqual([
      `${origin}/integrations`,
    ]);
  });

  it("holds the limit", () => {
    expect(chooseSitePages(origin, navigation, [], ask("What does the company do?"), 3)).toHaveLength(3);
    expect(chooseSitePages(origin, navigation, [], ask("What does the company do?"), 0)).toEqual([]);
  });

  it("counts a page once when links say https and the sitemap http", () => {
    const chosen = chooseSitePages(
      origin,
      [link("/about", "About"), link("/about/", "About us")],
      ["http://acme.test/about", "http://www.acme.test/about", "http://acme.test/team"],
      ask("Who leads it?"),
      10,
    );
    expect(chosen.filter((url) => new URL(url).pathname.replace(/\/$/, "") === "/about")).toHaveLength(1);
    expect(chosen).toContain(`${origin}/team`);
  });

  it("takes sitemap pages on the site's own scheme", () => {
    expect(chooseSitePages(origin, [], ["http://acme.test/security"], ask("Is it secure?"), 5)).toEqual([
      `${origin}/security`,
    ]);
  });

  it("tells pages of one script apart by the query that names them, not by one that tracks a visit", () => {
    const profiles = [
      link("/staff/profile.php?id=17", "Jane Doe"),
      link("/staff/profile.php?id=18", "Omar Haddad"),
      link("/staff/profile.php?id=18&utm_source=newsletter", "Omar Haddad"),
    ];
    const omar = { ...ask("What is Omar Haddad's role?"), personName: "Omar Haddad" };
    const chosen = chooseSitePages(origin, profiles, [], omar, 3);
    expect(chosen[0]).toBe(`${origin}/staff/profile.php?id=18`);
    expect(chosen.filter((url) => url.includes("id=18"))).toHaveLength(1);
  });

  it("reads a page named in its query or its link, also one on the home page's path", () => {
    const pages = [
      link("/", "Home"),
      link("/?p=231", "We raised our Series B"),
      link("/index.php?page=pricing", ""),
      link("/?utm_source=ad", "Acme"),
    ];
    expect(chooseSitePages(origin, pages, [], ask("How much does it cost?"), 3)).toEqual([
      `${origin}/index.php?page=pricing`,
    ]);
    expect(chooseSitePages(origin, pages, [], ask("When did Acme raise its Series B?"), 3)).toContain(
      `${origin}/?p=231`,
    );
    expect(chooseSitePages(origin, pages, [], ask("What does the company do?"), 3)).not.toContain(
      `${origin}/?utm_source=ad`,
    );
  });

  it("reads a page's other state only when the question names what its query says", () => {
    const pages = [link("/pricing", "Pricing"), link("/pricing?plan=team", "Team")];
    expect(chooseSitePages(origin, pages, [], ask("How much does it cost?"), 3)).toEqual([`${origin}/pricing`]);
    expect(chooseSitePages(origin, pages, [], ask("How much is the team plan?"), 3)).toContain(
      `${origin}/pricing?plan=team`,
    );
  });

  it("drops a link's fragment", () => {
    expect(
      chooseSitePages(origin, [link("/about#history", "History")], [], ask("When was it founded? about"), 5),
    ).toEqual([`${origin}/about`]);
  });

  it("reads hyphenated page kinds in paths", () => {
    expect(chooseSitePages(origin, [link("/who-we-are"), link("/uber-uns")], [], ask("x"), 5).sort()).toEqual([
      `${origin}/uber-uns`,
      `${origin}/who-we-are`,
    ]);
  });

  it("reads no kind of page in a slug that is an article's title", () => {
    const sitemap = [
      "https://acme.test/blog/open-source-eating-the-world",
      "https://acme.test/blog/our-story-so-far-in-numbers",
      "https://acme.test/about",
    ];
    const chosen = scoreSitePages(origin, [], sitemap, ask("x")).map((page) => page.url);
    expect(chosen).toEqual([`${origin}/about`]);
  });

  it("chooses pages by the words pages use for the question's words", () => {
    const sitemap = [
      "https://acme.test/handbook/people/share-options",
      "https://acme.test/handbook/people/time-off",
      "https://acme.test/handbook/people/onboarding",
    ];
    const best = (question: string) => scoreSitePages(origin, [], sitemap, ask(question))[0]?.url;
    expect(best("What is the minimum number of days off Acme expects each person to take?")).toBe(
      `${origin}/handbook/people/time-off`,
    );
    expect(best("How much vacation does Acme give?")).toBe(`${origin}/handbook/people/time-off`);
  });

  it("puts the page named after the question's words before the about pages when no kind of page is asked", () => {
    const sitemap = [
      "https://acme.test/handbook/company/story",
      "https://acme.test/handbook/company/values",
      "https://acme.test/handbook/engineering/release-new-version",
    ];
    const question = "How often does Acme ship a new version?";
    expect(questionIntents(question, "company")).toEqual([]);
    expect(scoreSitePages(origin, [], sitemap, ask(question))[0]?.url).toBe(
      `${origin}/handbook/engineering/release-new-version`,
    );
  });

  it("reads who heads a department as a leadership question, and backups as a security one", () => {
    expect(questionIntents("Who heads product at Acme?", "company")).toContain("leadership");
    expect(questionIntents("Who heads product at Acme?", "company")).not.toContain("product");
    expect(questionIntents("How long does Acme keep its backups?", "company")).toContain("compliance");
  });

  it("reads days off and leave for a new parent as a benefits question, and a phrase in a hyphenated page name", () => {
    const days = "What is the minimum number of days off Acme expects each person to take per year?";
    expect(questionIntents(days, "company")).toEqual(["benefits"]);
    const parental = "How many weeks of fully paid parental leave does Acme give after a year's service?";
    expect(questionIntents(parental, "company")).toEqual(["benefits"]);
    expect(questionIntents("Which HR tool approves time-off requests at Acme?", "company")).toContain("benefits");
    const sitemap = [
      "https://acme.test/handbook/people/benefits",
      "https://acme.test/handbook/people/time-off",
      "https://acme.test/handbook/engineering/on-call",
    ];
    expect(chooseSitePages(origin, [], sitemap, ask(days), 2)).toContain(`${origin}/handbook/people/time-off`);
  });

  it("reads a page name's short form of a question's word: /first-cert-live for a certificate", () => {
    const sitemap = [
      "https://acme.test/2018/02/05/introducing-acme",
      "https://acme.test/2019/04/08/first-cert-live",
      "https://acme.test/2020/06/30/yearly-report",
    ];
    expect(chooseSitePages(origin, [], sitemap, ask("On what date did Acme issue its first certificate?"), 1)).toEqual([
      `${origin}/2019/04/08/first-cert-live`,
    ]);
  });

  it("reads a short form in the plural: /new-specs for a specification", () => {
    const sitemap = [
      "https://acme.test/2018/02/05/introducing-acme",
      "https://acme.test/2020/02/27/new-specs",
      "https://acme.test/2020/06/30/yearly-report",
    ];
    const asked = ask("On what date was the specification published?");
    expect(chooseSitePages(origin, [], sitemap, asked, 1)).toEqual([`${origin}/2020/02/27/new-specs`]);
  });

  it("puts a page of what was after the page of what is, unless the question asks of the past", () => {
    const sitemap = ["https://acme.test/people/former-directors", "https://acme.test/people/directors"];
    expect(chooseSitePages(origin, [], sitemap, ask("Who chairs the board?"), 1)).toEqual([
      `${origin}/people/directors`,
    ]);
    // Asked of a year gone by, the page of former directors keeps its whole score.
    const score = (question: string) =>
      scoreSitePages(origin, [], sitemap, ask(question)).find((page) => page.url.endsWith("former-directors"))?.score ??
      0;
    expect(score("Who chaired the board in 2019?")).toBeGreaterThan(score("Who chairs the board?") * 1.5);
  });

  it("reads training, medical cover and visas as benefits and hiring, and a figure in dollars as no price", () => {
    const learning = "What is Acme's yearly professional development budget per employee, in dollars?";
    expect(questionIntents(learning, "company")).toContain("benefits");
    expect(questionIntents(learning, "company")).not.toContain("pricing");
    expect(questionIntents("Who provides private medical cover for Acme's UK staff?", "company")).toContain("benefits");
    expect(questionIntents("In which countries can Acme sponsor work visas?", "company")).toContain("hiring");
    expect(questionIntents("What does Acme's Team plan cost in dollars?", "company")).toContain("pricing");
  });

  it("reads a job title as a role asked, not as hiring", () => {
    expect(questionIntents("What is this person's job title?", "person")).toEqual(["person-role"]);
    expect(questionIntents("Which job openings does Acme have in Berlin?", "company")).toContain("hiring");
  });

  it("takes a page named for a kind over one whose longer name holds the kind's word", () => {
    const sitemap = ["https://acme.test/tutorials/tracking-teams", "https://acme.test/handbook/company/team"];
    const question: PageQuestion = {
      question: "What does Noor Haddad do at Acme?",
      intents: questionIntents("What does Noor Haddad do at Acme?", "person"),
    };
    expect(scoreSitePages(origin, [], sitemap, question)[0]?.url).toBe(`${origin}/handbook/company/team`);
  });

  it("counts a short word the question writes in capitals as one of its words: SSO, 2FA", () => {
    const sitemap = [`${origin}/docs/security-audits`, `${origin}/docs/security-sso`, `${origin}/docs/security-tokens`];
    const top = (question: string) => scoreSitePages(origin, [], sitemap, ask(question))[0]?.url;
    expect(top("Which SSO protocols does Acme support?")).toBe(`${origin}/docs/security-sso`);
    expect(top("Which security protocols does Acme support?")).toBe(`${origin}/docs/security-audits`);
  });

  it("reads two pages of a series of siblings, then others: one process told for each team says one thing", () => {
    const teams = ["design", "devrel", "engineering", "exec", "marketing"];
    const sitemap = [
      ...teams.map((team) => `${origin}/guide/staff/hiring/${team}-hiring`),
      `${origin}/guide/staff/spending-allowance`,
    ];
    const chosen = chooseSitePages(origin, [], sitemap, ask("How much can a new hire spend on a laptop at Acme?"), 3);
    expect(chosen).toContain(`${origin}/guide/staff/spending-allowance`);
    expect(chosen.filter((url) => url.endsWith("-hiring"))).toHaveLength(2);
  });
});
