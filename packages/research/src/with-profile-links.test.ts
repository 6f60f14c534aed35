import type { EnrichedPerson } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import type { ExtractedPage } from "./gather/extract/extracted-page.js";
import type { PersonIdentity } from "./plan/plan-research.js";
import { withProfileLinks } from "./with-profile-links.js";

const record = { linkedinUrl: null, companyLinkedinUrl: "https://www.linkedin.com/company/acme" } as EnrichedPerson;
const person: PersonIdentity = {
  fullName: "José Núñez",
  firstName: "José",
  title: null,
  companyName: "Acme",
  companyHosts: ["acme.example"],
};

function team(links: string[], url = "https://acme.example/team"): ExtractedPage {
  return {
    url,
    title: "Team",
    description: null,
    siteName: null,
    publishedAt: null,
    modifiedAt: null,
    text: "",
    jsonLd: [],
    links: links.map((href) => ({ url: href, text: "LinkedIn" })),
    profileLinks: links,
    language: "en",
  };
}

describe("withProfileLinks", () => {
  it("takes the person's profile from a link on the company's site whose address spells their name", () => {
    const links = ["https://www.linkedin.com/in/ana-lima-77", "https://de.linkedin.com/in/jose-nunez-4b1/"];
    const found = withProfileLinks(record, [team(links)], ["https://acme.example"], person);
    expect(found.record.linkedinUrl).toBe("https://www.linkedin.com/in/jose-nunez-4b1");
    expect(found.linkedFrom.linkedinUrl).toBe("https://acme.example/team");
    const elsewhere = withProfileLinks(
      record,
      [team(links, "https://directory.example/")],
      ["https://acme.example"],
      person,
    );
    expect(elsewhere.record.linkedinUrl).toBeNull();
    const other = withProfileLinks(
      record,
      [team(["https://www.linkedin.com/in/jose-garcia"])],
      ["https://acme.example"],
      person,
    );
    expect(other.record.linkedinUrl).toBeNull();
  });

  it("takes the one profile linked from the company's page about the person: its title names them", () => {
    const readme = {
      ...team(["https://www.linkedin.com/in/jnunez/"], "https://acme.example/team/jose"),
      title: "José Núñez's README",
    };
    const found = withProfileLinks(record, [readme], ["https://acme.example"], person);
    expect(found.record.linkedinUrl).toBe("https://www.linkedin.com/in/jnunez");
    expect(found.linkedFrom.linkedinUrl).toBe("https://acme.example/team/jose");
    // Two profiles on the page: whose is whose cannot be told. Another site's page about them: not the company's word.
    const two = {
      ...readme,
      profileLinks: ["https://www.linkedin.com/in/jnunez", "https://www.linkedin.com/in/ana-lima"],
    };
    expect(withProfileLinks(record, [two], ["https://acme.example"], person).record.linkedinUrl).toBeNull();
    const elsewhere = { ...readme, url: "https://directory.example/jose" };
    expect(withProfileLinks(record, [elsewhere], ["https://acme.example"], person).record.linkedinUrl).toBeNull();
    const otherTitle = { ...readme, title: "Our team" };
    expect(withProfileLinks(record, [otherTitle], ["https://acme.example"], person).record.linkedinUrl).toBeNull();
  });
});
