import { describe, expect, it } from "vitest";
import { canonicalLinkedinUrl, type LinkedinProfileKind } from "./canonical-linkedin-url.js";

const cases: Array<[string | null | undefined, LinkedinProfileKind, string | null]> = [
  ["https://www.linkedin.com/in/jane-doe", "person", "https://www.linkedin.com/in/jane-doe"],
  ["linkedin.com/in/jane-doe", "person", "https://www.linkedin.com/in/jane-doe"],
  ["www.linkedin.com/in/jane-doe/", "person", "https://www.linkedin.com/in/jane-doe"],
  ["http://de.linkedin.com/in/jane-doe/", "person", "https://www.linkedin.com/in/jane-doe"],
  ["https://www.linkedin.com/in/jane-doe?trk=abc", "person", "https://www.linkedin.com/in/jane-doe"],
  ["https://www.linkedin.com/in/jane-doe#experience", "person", "https://www.linkedin.com/in/jane-doe"],
  ["https://www.linkedin.com/in/jane-doe/details/experience/", "person", "https://www.linkedin.com/in/jane-doe"],
  ["https://www.linkedin.com/in/jane-doe/de", "person", "https://www.linkedin.com/in/jane-doe"],
  ["https://m.linkedin.com/in/jane-doe", "person", "https://www.linkedin.com/in/jane-doe"],
  ["https://www.linkedin.com/mwlite/in/jane-doe", "person", "https://www.linkedin.com/in/jane-doe"],
  ["HTTPS://WWW.LINKEDIN.COM/IN/Jane-Doe", "person", "https://www.linkedin.com/in/jane-doe"],
  ["  https://www.linkedin.com/in/jane-doe-4b2a1c9/  ", "person", "https://www.linkedin.com/in/jane-doe-4b2a1c9"],
  ["https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller", "person", "https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller"],
  ["https://www.linkedin.com/in/jörg-müller", "person", "https://www.linkedin.com/in/j%C3%B6rg-m%C3%BCller"],
  ["https://www.linkedin.com/in/J%C3%96RG", "person", "https://www.linkedin.com/in/j%C3%B6rg"],
  ["https://www.linkedin.com/pub/jane-doe/1a/b2c/345", "person", "https://www.linkedin.com/in/jane-doe-345b2c1a"],
  ["http://uk.linkedin.com/pub/john-smith/0/5/a1", "person", "https://www.linkedin.com/in/john-smith-0a105"],
  ["https://www.linkedin.com/pub/dir/jane/doe", "person", null],
  ["https://www.linkedin.com/company/acme", "company", "https://www.linkedin.com/company/acme"],
  ["linkedin.com/company/acme/about/", "company", "https://www.linkedin.com/company/acme"],
  [
    "https://www.linkedin.com/company/acme-gmbh/posts/?feedView=all",
    "company",
    "https://www.linkedin.com/company/acme-gmbh",
  ],
  ["https://www.linkedin.com/company/1035/", "company", "https://www.linkedin.com/company/1035"],
  ["https://www.linkedin.com/company-beta/1035/", "company", "https://www.linkedin.com/company/1035"],
  // Wrong kind
  ["https://www.linkedin.com/company/acme", "person", null],
  ["https://www.linkedin.com/in/jane-doe", "company", null],
  ["https://www.linkedin.com/school/mit", "company", null],
  // Not a profile
  ["https://www.linkedin.com/in/", "person", null],
  ["https://www.linkedin.com/feed/", "person", null],
  ["https://www.linkedin.com/in/%E0%A4%A", "person", null],
  // Not LinkedIn
  ["https://linkedin.com.evil.example/in/jane-doe", "person", null],
  ["https://evil-linkedin.com/in/jane-doe", "person", null],
  ["https://lnkd.in/abc", "person", null],
  ["ftp://www.linkedin.com/in/jane-doe", "person", null],
  ["https://user:secret@www.linkedin.com/in/jane-doe", "person", null],
  ["jane-doe", "person", null],
  ["n/a", "person", null],
  [null, "company", null],
];

describe("canonicalLinkedinUrl", () => {
  it.each(cases)("%j as %s -> %j", (raw, kind, expected) => {
    expect(canonicalLinkedinUrl(raw, kind)).toBe(expected);
  });
});
