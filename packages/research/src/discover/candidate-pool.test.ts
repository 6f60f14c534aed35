import { describe, expect, it } from "vitest";
import { CandidatePool, normalizedName } from "./candidate-pool.js";
import { citesCandidate, itemStatus, judgeVerdict } from "./judge-verdict.js";

const page = (url: string) => ({ url, title: null });

describe("CandidatePool", () => {
  it("keeps each company once, by website, LinkedIn profile or normalized name, with every page it was found on", () => {
    const pool = new CandidatePool("company");
    expect(
      pool.add(
        { company: { name: "Kestrel Security B.V." } },
        "Kestrel Security B.V.",
        page("https://a.example/"),
        "card a",
      ),
    ).not.toBeNull();
    // The same name without its legal form, now with a website: the same company.
    expect(
      pool.add(
        { company: { name: "Kestrel Security", website: "https://kestrel.example" } },
        "Kestrel Security",
        page("https://b.example/"),
        "card b",
      ),
    ).toBeNull();
    // Another name, the same website: still the same company.
    expect(
      pool.add(
        { company: { name: "Kestrel", website: "kestrel.example/about" } },
        "Kestrel",
        page("https://c.example/"),
        "card c",
      ),
    ).toBeNull();
    expect(
      pool.add({ company: { name: "Birchwind Carbon" } }, "Birchwind Carbon", page("https://a.example/"), "card"),
    ).not.toBeNull();
    const [kestrel] = pool.list();
    expect(pool.size).toBe(2);
    expect(kestrel).toMatchObject({
      name: "Kestrel Security B.V.",
      company: { name: "Kestrel Security B.V.", website: "https://kestrel.example" },
      foundOn: [page("https://a.example/"), page("https://b.example/"), page("https://c.example/")],
      cards: ["card a", "card b", "card c"],
    });
  });

  it("leaves out what the caller excluded, by any of its keys", () => {
    const pool = new CandidatePool("company", [{ website: "https://tundra.example" }, { name: "Alpha Grid AS" }]);
    expect(
      pool.add(
        { company: { name: "Tundra Heat", website: "www.tundra.example" } },
        "Tundra Heat",
        page("https://a.example/"),
        "",
      ),
    ).toBeNull();
    expect(pool.add({ company: { name: "alpha grid" } }, "alpha grid", page("https://a.example/"), "")).toBeNull();
    expect(pool.excludedCount).toBe(2);
    expect(pool.size).toBe(0);
  });

  it("keeps two people of one name at two companies apart, and gives ids that do not change between lists", () => {
    const first = new CandidatePool("person");
    const jane = (website: string) => ({ person: { firstName: "Jane", lastName: "Doe", company: { website } } });
    first.add(jane("https://a.example"), "Jane Doe", page("https://a.example/team"), "");
    first.add(jane("https://b.example"), "Jane Doe", page("https://b.example/team"), "");
    expect(first.size).toBe(2);
    const second = new CandidatePool("person");
    second.add(jane("https://a.example"), "Jane Doe", page("https://elsewhere.example/"), "");
    expect(second.list()[0]?.id).toBe(first.list()[0]?.id);
  });

  it("names a company known only by its site's host (a logo without a label) as a page that names it does, keeping its id", () => {
    const pool = new CandidatePool("company");
    const logo = { company: { name: "delta.example", website: "https://www.delta.example" } };
    const found = pool.add(logo, "delta.example", page("https://fund.example/sponsors"), "");
    pool.add(
      { company: { name: "Delta Hydro", website: "https://delta.example/about" } },
      "Delta Hydro",
      page("https://index.example/members"),
      "Delta Hydro, Trondheim",
    );
    expect(pool.list()).toEqual([
      expect.objectContaining({
        id: found?.id,
        name: "Delta Hydro",
        company: { name: "Delta Hydro", website: "https://www.delta.example" },
        cards: ["", "Delta Hydro, Trondheim"],
      }),
    ]);
    // A name found first stays: a host found later does not replace it.
    pool.add(logo, "delta.example", page("https://other.example/sponsors"), "");
    expect(pool.list()[0]?.name).toBe("Delta Hydro");
  });

  it("stops at its capacity", () => {
    const pool = new CandidatePool("company", [], 2);
    for (const name of ["A One", "B Two", "C Three"])
      pool.add({ company: { name } }, name, page("https://a.example/"), "");
    expect(pool.size).toBe(2);
    expect(pool.full).toBe(true);
  });

  it("compares names without case, accents, punctuation or legal form", () => {
    expect(normalizedName("Lindenhof Analytics GmbH")).toBe(normalizedName("lindenhof analytics"));
    expect(normalizedName("Alder & Finch")).toBe("alder and finch");
  });
});

describe("judgeVerdict", () => {
  const candidate = {
    id: "i-1",
    name: "Fjordlight Energy",
    company: { name: "Fjordlight Energy", website: "https://fjordlight.example" },
    foundOn: [{ url: "https://index.example/members", title: "Members" }],
    cards: ["Fjordlight Energy — a climate startup from Oslo. Fjordlight Energy is hiring engineers."],
  };
  const citation = (url: string, quote: string) => ({
    url,
    title: null,
    quote,
    publishedAt: null,
    source: "page" as const,
  });

  it("says yes only with a quote that states it of this candidate", () => {
    const onCard = citation("https://index.example/members", "Fjordlight Energy is hiring engineers.");
    expect(judgeVerdict(candidate, "hiring", { answerText: "true", confidence: 0.8, citations: [onCard] })).toEqual({
      criterionId: "hiring",
      satisfied: "yes",
      confidence: 0.8,
      citations: [onCard],
    });
    // The next row of the same directory speaks of another company.
    const nextRow = citation("https://index.example/members", "Birchwind Carbon is hiring engineers.");
    expect(
      judgeVerdict(candidate, "hiring", { answerText: "true", confidence: 0.8, citations: [nextRow] }).satisfied,
    ).toBe("unclear");
  });

  it("takes the candidate's own site, and other pages only when the quote names it", () => {
    expect(citesCandidate(candidate, citation("https://jobs.fjordlight.example/", "We are hiring engineers"))).toBe(
      true,
    );
    expect(citesCandidate(candidate, citation("https://news.example/a", "Fjordlight Energy hires engineers"))).toBe(
      true,
    );
    expect(citesCandidate(candidate, citation("https://news.example/a", "The startup hires engineers"))).toBe(false);
    // A one-word name counts only as written: "headquarters" in a quote is not the company Headquarters.
    const oneWord = { ...candidate, name: "Headquarters", company: { name: "Headquarters" } };
    expect(citesCandidate(oneWord, citation("https://news.example/a", "our headquarters in Boston"))).toBe(false);
    expect(citesCandidate(oneWord, citation("https://news.example/a", "Headquarters opened in Boston"))).toBe(true);
  });

  it("takes nothing of a listing page for a candidate found there only as a logo, unless the quote names it", () => {
    const logo = {
      id: "i-3",
      name: "Acme Robotics",
      company: { name: "Acme Robotics", website: "https://acme.example" },
      foundOn: [{ url: "https://fund.example/sponsors", title: "Sponsors" }],
      cards: [""],
    };
    const tier = citation("https://fund.example/sponsors", "Gold sponsors");
    expect(citesCandidate(logo, tier)).toBe(false);
    expect(judgeVerdict(logo, "gold", { answerText: "true", confidence: 0.8, citations: [tier] }).satisfied).toBe(
      "unclear",
    );
    expect(citesCandidate(logo, citation("https://fund.example/sponsors", "Acme Robotics is a Gold sponsor"))).toBe(
      true,
    );
    // Its own site speaks of itself.
    expect(citesCandidate(logo, citation("https://acme.example/about", "We sponsor the fund at Gold level"))).toBe(
      true,
    );
  });

  it("takes a quote from a person's company site only where it names them", () => {
    const person = {
      id: "i-2",
      name: "Ian Porter",
      person: { firstName: "Ian", lastName: "Porter", company: { name: "Acme", website: "https://acme.example" } },
      foundOn: [{ url: "https://acme.example/team", title: "Team" }],
      cards: ["Ian Porter Chief Operating Officer Ian runs manufacturing."],
    };
    expect(citesCandidate(person, citation("https://acme.example/about", "Acme was founded in Boston in 2016"))).toBe(
      false,
    );
    expect(citesCandidate(person, citation("https://acme.example/news", "Ian joined Acme in 2019"))).toBe(true);
    expect(citesCandidate(person, citation("https://acme.example/team", "Ian runs manufacturing."))).toBe(true);
    expect(citesCandidate(person, citation("https://news.example/", "Ian spoke at the fair"))).toBe(false);
    expect(citesCandidate(person, citation("https://news.example/", "Ian Porter spoke at the fair"))).toBe(true);
  });

  it("says no only on a quote, and unclear when the research gave no answer", () => {
    const denial = citation("https://fjordlight.example/careers", "We are not hiring engineers at the moment.");
    expect(
      judgeVerdict(candidate, "hiring", { answerText: "false", confidence: 0.7, citations: [denial] }).satisfied,
    ).toBe("no");
    expect(judgeVerdict(candidate, "hiring", { answerText: null, confidence: 0.05, citations: [] })).toEqual({
      criterionId: "hiring",
      satisfied: "unclear",
      confidence: 0.05,
      citations: [],
    });
    expect(judgeVerdict(candidate, "hiring", null).satisfied).toBe("unclear");
  });

  it("matches an item only when every verdict is yes with a citation", () => {
    const yes = {
      criterionId: "a",
      satisfied: "yes" as const,
      confidence: 0.9,
      citations: [citation("https://x.example", "q q")],
    };
    const unclear = { criterionId: "b", satisfied: "unclear" as const, confidence: 0.1, citations: [] };
    const no = { ...unclear, satisfied: "no" as const };
    expect(itemStatus([yes, yes])).toBe("matched");
    expect(itemStatus([yes, unclear])).toBe("unclear");
    expect(itemStatus([unclear, no])).toBe("unmatched");
    expect(itemStatus([{ ...yes, citations: [] }])).toBe("unclear");
  });
});
