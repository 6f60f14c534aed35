import { describe, expect, it } from "vitest";
import {
  ENRICHED_PERSON_FIELDS,
  type EnrichedPerson,
  isFiller,
  normalizePersonRequest,
  type PersonInput,
} from "./index.js";

const EMPTY: EnrichedPerson = {
  firstName: null,
  lastName: null,
  email: null,
  phone: null,
  linkedinUrl: null,
  jobTitle: null,
  country: null,
  city: null,
  jobStartDate: null,
  companyName: null,
  companyWebsite: null,
  companyLinkedinUrl: null,
};

describe("normalizePersonRequest", () => {
  it("normalizes every field of a complete request", () => {
    const person = normalizePersonRequest({
      firstName: "  JAN ",
      lastName: "VAN DER BERG",
      email: " Jan.vanderBerg@Acme-Robotics.DE ",
      phone: "(030) 1234567",
      title: "  Head of   Sales ",
      linkedinUrl: "http://de.linkedin.com/in/jan-van-der-berg/?trk=abc",
      company: {
        name: " Acme Robotics GmbH ",
        website: "www.Acme-Robotics.de/impressum",
        location: "München, Deutschland",
        numEmployees: 120,
        annualRevenue: 20_000_000,
        linkedinUrl: "linkedin.com/company/acme-robotics/about/",
      },
    });
    expect(person).toEqual({
      firstName: "Jan",
      lastName: "van der Berg",
      email: "jan.vanderberg@acme-robotics.de",
      phone: "+49301234567",
      linkedinUrl: "https://www.linkedin.com/in/jan-van-der-berg",
      jobTitle: "Head of Sales",
      country: "Germany",
      city: "Munich",
      jobStartDate: null,
      companyName: "Acme Robotics GmbH",
      companyWebsite: "https://acme-robotics.de",
      companyLinkedinUrl: "https://www.linkedin.com/company/acme-robotics",
    });
  });

  it("takes the company website from a company e-mail domain when none is given", () => {
    const person = normalizePersonRequest({ email: "ceo@Globex.com", company: { name: "Globex" } });
    expect(person.companyWebsite).toBe("https://globex.com");
  });

  it.each([
    ["jane@us.acme.com", "https://acme.com"],
    ["jane@mail.eu.acme.co.uk", "https://acme.co.uk"],
    ["jane@acme.github.io", "https://acme.github.io"],
  ])("takes the company website from the registrable domain of %s", (email, website) => {
    expect(normalizePersonRequest({ email }).companyWebsite).toBe(website);
  });

  it.each(["jane@gmail.com", "jane@mailinator.com", "jane@0-180.com", "not an address"])(
    "takes no company website from %s",
    (email) => {
      expect(normalizePersonRequest({ email }).companyWebsite).toBeNull();
    },
  );

  it("prefers the company's own website over the e-mail domain", () => {
    const person = normalizePersonRequest({
      email: "jane@mail.initech.com",
      company: { website: "https://www.initech.com/" },
    });
    expect(person.companyWebsite).toBe("https://initech.com");
  });

  it("reads a national phone number with the location's country", () => {
    const person = normalizePersonRequest({ phone: "020 7946 0958", company: { location: "London, UK" } });
    expect(person).toMatchObject({ phone: "+442079460958", country: "United Kingdom", city: "London" });
  });

  it("takes the country from the phone number when the location gives none", () => {
    const person = normalizePersonRequest({ phone: "+33 1 42 68 53 00", company: { location: "Remote" } });
    expect(person).toMatchObject({ phone: "+33142685300", country: "France", city: null });
  });

  it("takes the country from the calling code of a number written with 00 that no plan range holds, and keeps the number as given", () => {
    expect(normalizePersonRequest({ phone: "00233 30 123 4567" })).toMatchObject({
      phone: "00233 30 123 4567",
      country: "Ghana",
    });
  });

  it("reads a US phone number without any hint", () => {
    expect(normalizePersonRequest({ phone: "415.555.0132" })).toMatchObject({
      phone: "+14155550132",
      country: "United States",
    });
  });

  it("keeps the location's country over the phone's", () => {
    const person = normalizePersonRequest({ phone: "+1 415 555 0132", company: { location: "Berlin, Germany" } });
    expect(person).toMatchObject({ phone: "+14155550132", country: "Germany", city: "Berlin" });
  });

  it("leaves city null when the location names only a country or region", () => {
    expect(normalizePersonRequest({ company: { location: "Bavaria, Germany" } })).toMatchObject({
      country: "Germany",
      city: null,
    });
    expect(normalizePersonRequest({ company: { location: "USA" } })).toMatchObject({
      country: "United States",
      city: null,
    });
  });

  it("rejects LinkedIn URLs of the wrong kind", () => {
    const person = normalizePersonRequest({
      linkedinUrl: "https://www.linkedin.com/company/acme",
      company: { linkedinUrl: "https://www.linkedin.com/in/jane" },
    });
    expect(person).toMatchObject({ linkedinUrl: null, companyLinkedinUrl: null });
  });

  it("keeps names in other scripts and mixed case as given", () => {
    const person = normalizePersonRequest({ firstName: "明", lastName: "王", title: "CTO" });
    expect(person).toMatchObject({ firstName: "明", lastName: "王", jobTitle: "CTO" });
    expect(normalizePersonRequest({ firstName: "DeShawn", lastName: "McKenzie" })).toMatchObject({
      firstName: "DeShawn",
      lastName: "McKenzie",
    });
  });

  it("gives an all-null record for an empty request", () => {
    expect(normalizePersonRequest({})).toEqual(EMPTY);
    expect(normalizePersonRequest({ company: {} })).toEqual(EMPTY);
    expect(normalizePersonRequest(undefined)).toEqual(EMPTY);
  });

  it("turns filler in every field into null", () => {
    const filler: PersonInput = {
      firstName: "unknown",
      lastName: "N/A",
      email: "none",
      phone: "-",
      title: "TBD",
      linkedinUrl: "—",
      company: { name: "not available", website: "null", location: "?", linkedinUrl: "" },
    };
    expect(normalizePersonRequest(filler)).toEqual(EMPTY);
  });

  it("returns exactly the twelve documented fields", () => {
    expect(Object.keys(normalizePersonRequest({})).sort()).toEqual([...ENRICHED_PERSON_FIELDS].sort());
  });
});

describe("no field of the record is ever filler", () => {
  const FILLERS = [
    "unknown",
    "Unknown",
    "N/A",
    "n/a",
    "NA",
    "none",
    "null",
    "-",
    "—",
    "not available",
    "TBD",
    "?",
    "",
    "  ",
    "undefined",
  ];
  const VALUES: Record<string, string[]> = {
    firstName: ["Jane", "JOSÉ", "o'brien", "明", "Na"],
    lastName: ["VAN DER BERG", "McKenzie", "al-hassan", "Nguyễn"],
    email: ["jane@acme.com", "JANE@GMAIL.COM", "x@mailinator.com", "broken@", "unknown@unknown"],
    phone: ["+49 30 1234567", "(415) 555-0132", "020 7946 0958", "12"],
    title: ["CEO", " head of sales ", "Unknown Pleasures Curator"],
    linkedinUrl: ["linkedin.com/in/jane", "https://www.linkedin.com/company/acme", "https://example.com/in/x"],
    name: ["Acme", " ACME GmbH "],
    website: ["acme.com", "http://localhost", "unknown.com"],
    location: ["Berlin, Germany", "London, UK", "Remote", "San Francisco, CA", "Bavaria, Germany"],
    companyLinkedinUrl: ["linkedin.com/company/acme", "linkedin.com/in/jane"],
  };

  // A small linear congruential generator keeps the cases the same on every run.
  let seed = 20240607;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = (key: string): string | undefined => {
    const roll = random();
    if (roll < 0.15) return undefined;
    const pool = roll < 0.55 ? FILLERS : VALUES[key]!;
    return pool[Math.floor(random() * pool.length)];
  };

  it("holds for 2000 requests mixing filler and real values", () => {
    for (let index = 0; index < 2000; index += 1) {
      const request: PersonInput = {
        firstName: pick("firstName"),
        lastName: pick("lastName"),
        email: pick("email"),
        phone: pick("phone"),
        title: pick("title"),
        linkedinUrl: pick("linkedinUrl"),
        company: {
          name: pick("name"),
          website: pick("website"),
          location: pick("location"),
          linkedinUrl: pick("companyLinkedinUrl"),
        },
      };
      const person = normalizePersonRequest(request);
      for (const field of ENRICHED_PERSON_FIELDS) {
        const value = person[field];
        if (value === null) continue;
        expect(typeof value, `${field} of ${JSON.stringify(request)}`).toBe("string");
        expect(isFiller(value), `${field} = ${JSON.stringify(value)} of ${JSON.stringify(request)}`).toBe(false);
        expect(value, field).toBe(value.trim());
      }
    }
  });
});
