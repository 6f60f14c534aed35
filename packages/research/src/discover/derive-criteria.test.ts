import { describe, expect, it } from "vitest";
import { criterionQuestion } from "./criterion-question.js";
import { deriveCriteria } from "./derive-criteria.js";
import { discoveryQueries, namedOrganisation } from "./discovery-queries.js";

const descriptions = (objective: string, type: "company" | "person" = "company") =>
  deriveCriteria(objective, type).map((criterion) => criterion.description);

describe("deriveCriteria", () => {
  it("makes one criterion per clause, each said of one entity", () => {
    expect(descriptions("seed-stage climate startups in the Nordics that are hiring engineers")).toEqual([
      "is a seed-stage climate startup",
      "is based in the Nordics",
      "is hiring engineers",
    ]);
    expect(deriveCriteria("Find all climate startups that are hiring engineers", "company").map((c) => c.id)).toEqual([
      "c1",
      "c2",
    ]);
  });

  it("splits clauses joined by and, and leaves out a head that only names the entity type", () => {
    expect(descriptions("companies that sell to utilities and have raised a Series A")).toEqual([
      "sells to utilities",
      "has raised a Series A",
    ]);
  });

  it("keeps a person's role and organisation together", () => {
    expect(descriptions("every partner at Granite Peak Ventures who sits on a board", "person")).toEqual([
      "is a partner at Granite Peak Ventures",
      "sits on a board",
    ]);
  });

  it("gives the objective itself when it has no clause to split", () => {
    expect(descriptions("people")).toEqual(["people"]);
  });
});

describe("criterionQuestion", () => {
  it.each([
    ["is hiring engineers", "Is Fjordlight Energy hiring engineers?"],
    ["is based in the Nordics", "Is Fjordlight Energy based in the Nordics?"],
    ["headquartered in Norway", "Is Fjordlight Energy headquartered in Norway?"],
    ["has raised a seed round", "Has Fjordlight Energy raised a seed round?"],
    ["has an office in Oslo", "Does Fjordlight Energy have an office in Oslo?"],
    ["sells to utilities", "Does Fjordlight Energy sell to utilities?"],
    ["The company focuses on storage.", "Does Fjordlight Energy focus on storage?"],
    ["a climate startup", "Is Fjordlight Energy a climate startup?"],
    ["can ship to Europe", "Can Fjordlight Energy ship to Europe?"],
  ])("%s", (description, question) => {
    expect(criterionQuestion("Fjordlight Energy", description)).toBe(question);
  });
});

describe("discoveryQueries", () => {
  it("searches the objective, then its head with words that find listing pages", () => {
    expect(
      discoveryQueries("Find all climate startups in the Nordics that are hiring engineers", "company", [], "standard"),
    ).toEqual([
      "climate startups in the Nordics that are hiring engineers",
      "climate startups",
      "climate startups in the Nordics directory",
      "climate startups in the Nordics list",
      "climate startups in the Nordics members",
    ]);
    expect(discoveryQueries("partners at Granite Peak Ventures", "person", [], "lite")).toEqual([
      "partners at Granite Peak Ventures",
    ]);
  });

  it("searches the kind of list without its qualifiers and each criterion, so that other sites' lists are found too", () => {
    const queries = discoveryQueries(
      "silver sponsors of open-source foundations",
      "company",
      [{ id: "silver", description: "is a Silver sponsor" }],
      "standard",
    );
    expect(queries.slice(0, 3)).toEqual([
      "silver sponsors of open-source foundations",
      "silver sponsors",
      "Silver sponsor",
    ]);
  });

  it("searches the organisation an objective names for its own team and board pages", () => {
    expect(namedOrganisation("board members of Acme Robotics")).toBe("Acme Robotics");
    expect(namedOrganisation("engineers at Globex who write Rust")).toBe("Globex");
    expect(namedOrganisation("sponsors of open-source projects")).toBeNull();
    expect(discoveryQueries("board members of Acme Robotics", "person", [], "standard").slice(0, 4)).toEqual([
      "board members of Acme Robotics",
      "Acme Robotics team",
      "Acme Robotics board",
      "board members",
    ]);
    expect(discoveryQueries("gold sponsors of the Acme Foundation", "company", [], "standard")[1]).toBe(
      "Acme Foundation gold sponsors",
    );
  });
});
