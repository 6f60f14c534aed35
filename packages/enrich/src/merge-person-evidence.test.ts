import { describe, expect, it } from "vitest";
import { mergePersonEvidence, type PersonEvidence } from "./merge-person-evidence.js";
import { normalizePersonRequest } from "./normalize-person-request.js";

const OWN = "https://www.northwind-robotics.com/team";
const NEWS = "https://tech-news.example/people/jane-doe";
const OLD_NEWS = "https://archive.example/2019/jane-doe";

const record = () =>
  normalizePersonRequest({
    firstName: "jane",
    lastName: "doe",
    email: "jane@northwind-robotics.com",
    title: "Engineering Manager",
    company: { name: "Northwind Robotics", location: "Boston, MA, USA" },
  });

const evidence = (
  field: PersonEvidence["field"],
  value: string,
  url: string,
  ownSite: boolean,
  publishedAt: string | null = null,
): PersonEvidence => ({
  field,
  value,
  url,
  quote: `${value} at ${url}`,
  ownSite,
  publishedAt,
});

describe("mergePersonEvidence", () => {
  it("keeps the request's record when there is no evidence", () => {
    const { person, notes } = mergePersonEvidence(record(), []);
    expect(person).toEqual(record());
    expect(notes).toEqual([]);
  });

  const winners: Array<[string, PersonEvidence[], PersonEvidence["field"], string]> = [
    // name, evidence, field, value that wins
    [
      "own site beats a third party",
      [
        evidence("jobTitle", "Head of Sales", NEWS, false, "2024-05-01"),
        evidence("jobTitle", "VP Engineering", OWN, true, "2021-01-01"),
      ],
      "jobTitle",
      "VP Engineering",
    ],
    [
      "own site beats a third party whatever the order",
      [evidence("city", "Berlin", OWN, true), evidence("city", "Hamburg", NEWS, false, "2024-05-01")],
      "city",
      "Berlin",
    ],
    [
      "newer beats older among third parties",
      [
        evidence("jobTitle", "Engineering Lead", OLD_NEWS, false, "2019-03-01"),
        evidence("jobTitle", "VP Engineering", NEWS, false, "2023-11-20"),
      ],
      "jobTitle",
      "VP Engineering",
    ],
    [
      "newer beats older on the own site",
      [evidence("city", "Boston", OWN, true, "2020-01-01"), evidence("city", "Berlin", OWN, true, "2024-02-01")],
      "city",
      "Berlin",
    ],
    [
      "a dated page beats an undated one",
      [evidence("city", "Hamburg", NEWS, false), evidence("city", "Munich", OLD_NEWS, false, "2022-01-01")],
      "city",
      "Munich",
    ],
    ["a city is recased", [evidence("city", "SAN FRANCISCO", NEWS, false)], "city", "San Francisco"],
    ["a country is named in English", [evidence("country", "Deutschland", NEWS, false)], "country", "Germany"],
    ["a country code is named", [evidence("country", "DE", NEWS, false)], "country", "Germany"],
    ["a start date at month precision", [evidence("jobStartDate", "June 2021", OWN, true)], "jobStartDate", "2021-06"],
    [
      "a start date at day precision",
      [evidence("jobStartDate", "2021-06-14", OWN, true)],
      "jobStartDate",
      "2021-06-14",
    ],
    [
      "a year-only start date gives way to a dated third party",
      [evidence("jobStartDate", "2021", OWN, true), evidence("jobStartDate", "March 2021", NEWS, false)],
      "jobStartDate",
      "2021-03",
    ],
  ];

  it.each(winners)("%s", (_name, items, field, value) => {
    expect(mergePersonEvidence(record(), items).person[field]).toBe(value);
  });

  it.each([
    ["a year only", "2021"],
    ["a quarter", "Q3 2021"],
    ["no date at all", "recently"],
  ])("leaves jobStartDate empty for %s", (_name, value) => {
    expect(mergePersonEvidence(record(), [evidence("jobStartDate", value, OWN, true)]).person.jobStartDate).toBeNull();
  });

  it("notes a title from evidence that replaces the one given", () => {
    const { person, notes } = mergePersonEvidence(record(), [evidence("jobTitle", "VP Engineering", OWN, true)]);
    expect(person.jobTitle).toBe("VP Engineering");
    expect(notes).toEqual([
      'The job title "VP Engineering" from northwind-robotics.com replaces the title given ("Engineering Manager").',
    ]);
  });

  it("notes nothing when the evidence confirms the title given", () => {
    const { person, notes } = mergePersonEvidence(record(), [evidence("jobTitle", "engineering manager", NEWS, false)]);
    expect(person.jobTitle).toBe("engineering manager");
    expect(notes).toEqual([]);
  });

  it("notes nothing when no title was given", () => {
    const withoutTitle = { ...record(), jobTitle: null };
    expect(mergePersonEvidence(withoutTitle, [evidence("jobTitle", "CTO", OWN, true)]).notes).toEqual([]);
  });

  it("takes the country from a verified city over the company's location", () => {
    const before = record();
    expect(before.country).toBe("United States");
    const { person } = mergePersonEvidence(before, [evidence("city", "Berlin", OWN, true)]);
    expect(person).toMatchObject({ city: "Berlin", country: "Germany" });
  });

  it("keeps a stated country over one derived from the city", () => {
    const { person } = mergePersonEvidence(record(), [
      evidence("city", "Berlin", OWN, true),
      evidence("country", "Austria", OWN, true),
    ]);
    expect(person).toMatchObject({ city: "Berlin", country: "Austria" });
  });

  it("keeps the country when the verified city is unknown to the place table", () => {
    const { person } = mergePersonEvidence(record(), [evidence("city", "Smallville", NEWS, false)]);
    expect(person).toMatchObject({ city: "Smallville", country: "United States" });
  });

  it("ignores filler values and keeps looking", () => {
    const { person } = mergePersonEvidence(record(), [
      evidence("city", "N/A", OWN, true),
      evidence("city", "Hamburg", NEWS, false),
    ]);
    expect(person.city).toBe("Hamburg");
  });

  it("does not change the record it was given", () => {
    const before = record();
    const snapshot = structuredClone(before);
    mergePersonEvidence(before, [evidence("jobTitle", "CTO", OWN, true), evidence("city", "Berlin", OWN, true)]);
    expect(before).toEqual(snapshot);
  });

  it("takes a founder's title without the founding, which is no job: the role beside it is", () => {
    const titleOf = (value: string) =>
      mergePersonEvidence(record(), [evidence("jobTitle", value, OWN, true)]).person.jobTitle;
    expect(titleOf("Founder and Chief Executive Officer")).toBe("Chief Executive Officer");
    expect(titleOf("Chief Executive Officer and Co-founder")).toBe("Chief Executive Officer");
    expect(titleOf("Managing Director (CEO) and Co-founder")).toBe("Managing Director (CEO)");
    expect(titleOf("Co-Founder, CTO")).toBe("CTO");
    expect(titleOf("Co-Founder & CEO")).toBe("CEO");
    expect(titleOf("Co-founder/CEO")).toBe("CEO");
    expect(titleOf("CEO, co-founder, Board of Directors")).toBe("CEO, Board of Directors");
    // A founder with no other role is the founder; a founding engineer is an engineer.
    expect(titleOf("Co-founder")).toBe("Co-founder");
    expect(titleOf("Founding Engineer")).toBe("Founding Engineer");
  });
});
