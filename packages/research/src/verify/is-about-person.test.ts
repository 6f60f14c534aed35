import { describe, expect, it } from "vitest";
import { isAboutPerson, type PersonIdentity } from "./is-about-person.js";

const jane: PersonIdentity = {
  fullName: "Jane Doe",
  firstName: "Jane",
  title: null,
  companyName: "Northwind Robotics",
  companyHosts: ["northwind-robotics.com"],
};
const janeWithoutCompanyName: PersonIdentity = { ...jane, companyName: null };
const tariq: PersonIdentity = {
  fullName: null,
  firstName: "Tariq",
  title: null,
  companyName: "Quillon",
  companyHosts: ["quillon.io"],
};
const tariqInSecurity: PersonIdentity = { ...tariq, title: "Infrastructure and security engineer" };

type Page = { url: string; text: string; title?: string | null };

const cases: Array<[string, Page, PersonIdentity, boolean]> = [
  [
    "full name: the company's team page writes a middle name between",
    { url: "https://northwind-robotics.com/team", text: "Jane Marie Doe Head of Engineering Lisbon, Portugal" },
    jane,
    true,
  ],
  [
    "first name only: the company's own team page listing the first name with a role",
    {
      url: "https://quillon.io/docs/authors",
      text: "Ilmar - Co-founder\nTariq - Infrastructure and security\nMarko - Co-founder",
    },
    tariq,
    true,
  ],
  [
    "first name only: a third-party page naming the first name and the company",
    { url: "https://news.example/post", text: "Tariq from Quillon spoke about uptime." },
    tariq,
    true,
  ],
  [
    "first name only: a namesake on another company's page",
    { url: "https://other.example/team", text: "Tariq - Sales director at Other Corp" },
    tariq,
    false,
  ],
  [
    "first name only: a longer name that starts with it is someone else",
    { url: "https://quillon.io/docs/authors", text: "Tariqa - Designer" },
    tariq,
    false,
  ],
  [
    "first name and title: the role beside the name fits the title",
    { url: "https://quillon.io/docs/authors", text: "Ilmar - Co-founder\nTariq - Infrastructure and security" },
    tariqInSecurity,
    true,
  ],
  [
    "first name and title: the same first name with another role is a namesake",
    { url: "https://quillon.io/blog/hello", text: "Our new sales director Tariq joins the team." },
    tariqInSecurity,
    false,
  ],
  // name, page, person, about them
  [
    "own-site team page naming her",
    { url: "https://northwind-robotics.com/team", text: "Jane Doe, VP Engineering." },
    jane,
    true,
  ],
  [
    "own site under www",
    { url: "https://www.northwind-robotics.com/team", text: "Jane Doe leads engineering." },
    jane,
    true,
  ],
  [
    "own site on a subdomain",
    { url: "https://blog.northwind-robotics.com/post", text: "A word from Jane Doe." },
    jane,
    true,
  ],
  [
    "own site that does not name her",
    { url: "https://northwind-robotics.com/team", text: "John Roe, CEO." },
    jane,
    false,
  ],
  [
    "third-party page naming her and the company",
    { url: "https://news.example/article", text: "Jane Doe of Northwind Robotics spoke at the fair." },
    jane,
    true,
  ],
  [
    "third-party page naming her and the company's domain",
    { url: "https://conference.example/speakers", text: "Jane Doe (northwind-robotics.com) gives the keynote." },
    janeWithoutCompanyName,
    true,
  ],
  [
    "a possessive name and the domain at a sentence's end",
    { url: "https://news.example/a", text: "Jane Doe's new role, per www.northwind-robotics.com." },
    janeWithoutCompanyName,
    true,
  ],
  [
    "the name in the title only",
    {
      url: "https://news.example/a",
      title: "Jane Doe joins Northwind Robotics",
      text: "The robotics firm hired a new VP.",
    },
    jane,
    true,
  ],
  [
    "different case, accents and spacing",
    { url: "https://news.example/a", text: "JANE   DOE, northwind robotics" },
    jane,
    true,
  ],
  [
    "a namesake at another company",
    { url: "https://acme.example/team", text: "Jane Doe, Head of Sales at Acme Corp." },
    jane,
    false,
  ],
  [
    "a page naming the company but not her",
    { url: "https://news.example/a", text: "Northwind Robotics raised a Series B led by John Roe." },
    jane,
    false,
  ],
  [
    "a longer surname that starts with hers",
    { url: "https://news.example/a", text: "Jane Doerr of Northwind Robotics spoke at the fair." },
    jane,
    false,
  ],
  [
    "a longer first name that ends with hers",
    { url: "https://news.example/a", text: "MaryJane Doe of Northwind Robotics spoke at the fair." },
    jane,
    false,
  ],
  [
    "a look-alike host",
    { url: "https://northwind-robotics.com.evil.example/team", text: "Jane Doe, VP Engineering." },
    jane,
    false,
  ],
  [
    "a host that only ends with the domain",
    { url: "https://fakenorthwind-robotics.com/team", text: "Jane Doe, VP Engineering." },
    jane,
    false,
  ],
  [
    "a longer domain mentioned",
    { url: "https://news.example/a", text: "Jane Doe, see not-northwind-robotics.com for more." },
    janeWithoutCompanyName,
    false,
  ],
  [
    "a company name that is part of a longer name",
    { url: "https://news.example/a", text: "Jane Doe of Northwind Roboticsworks Ltd." },
    jane,
    false,
  ],
  [
    "an unparsable URL with the company named",
    { url: "not a url", text: "Jane Doe of Northwind Robotics." },
    jane,
    true,
  ],
];

describe("isAboutPerson", () => {
  it.each(cases)("%s -> %s", (_name, page, person, expected) => {
    expect(isAboutPerson(page, person)).toBe(expected);
  });
});
