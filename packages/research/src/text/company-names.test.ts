import { describe, expect, it } from "vitest";
import { acronymOf, companyNameForms, nameInReadingOrder, shortNameAsked, writesLegalForm } from "./company-names.js";

describe("companyNameForms", () => {
  it.each([
    ["The Example Company", ["The Example Company", "Example Company"]],
    ["Example Company (The)", ["Example Company (The)", "The Example Company", "Example Company"]],
    ["Example Company, The", ["Example Company, The", "The Example Company", "Example Company"]],
    ["Example, Inc.", ["Example, Inc.", "Example Inc"]],
    ["Sample Labs Pty. Ltd.", ["Sample Labs Pty. Ltd.", "Sample Labs Pty Ltd", "Sample Labs"]],
    ["Sample GmbH", ["Sample GmbH"]],
    ["sample.example", ["sample.example"]],
    ["Jo Sample", ["Jo Sample"]],
    ["World Federation of Snow Architects", ["World Federation of Snow Architects", "WFSA"]],
    // A remark in brackets (a parent, a former name, a place) is left off.
    ["19Q (Example Agency)", ["19Q (Example Agency)", "19Q"]],
    ["Sample Labs GmbH (formerly Acme)", ["Sample Labs GmbH (formerly Acme)", "Sample Labs GmbH", "Sample Labs"]],
    // A name with a dot of its own keeps it when its legal form is left off.
    ["Sample.io, Inc.", ["Sample.io, Inc.", "Sample.io", "Sample io Inc", "Sample io"]],
  ])("writes %s as %j", (name, forms) => {
    expect(companyNameForms(name)).toEqual(forms);
  });
});

describe("nameInReadingOrder", () => {
  it("moves an article set after the name to its front, and leaves other names as they are", () => {
    expect(nameInReadingOrder("Example Company (The)")).toBe("The Example Company");
    expect(nameInReadingOrder("Example Company, The")).toBe("The Example Company");
    expect(nameInReadingOrder("Example, Inc.")).toBe("Example, Inc.");
  });
});

describe("acronymOf", () => {
  it("gives the initials of a name of four words or more, small words and legal forms aside", () => {
    expect(acronymOf("World Federation of Snow Architects")).toBe("WFSA");
    expect(acronymOf("The Open Harbour Data Trust Ltd")).toBe("OHDT");
    expect(acronymOf("Snow Architects Federation")).toBeNull();
    expect(acronymOf("snow-architects.example")).toBeNull();
  });
});

describe("names a directory or a question writes", () => {
  it("leaves the legal form off a one-word name only when the word is written as no common word is", () => {
    expect(companyNameForms("Snap-tite Incorporated")).toContain("Snap-tite");
    expect(companyNameForms("NorthWind Inc.")).toContain("NorthWind");
    expect(companyNameForms("Apple Inc.")).not.toContain("Apple");
  });

  it("writes initials with and without spaces, and Co. as a legal form", () => {
    const forms = companyNameForms("The R. T. Ledger Co.");
    expect(forms).toContain("R.T. Ledger Co.");
    expect(forms).toContain("R.T. Ledger");
    expect(forms).toContain("R T Ledger");
  });

  it("writes two names joined by a hyphen with a space too, and leaves a hyphenated word as it is", () => {
    expect(companyNameForms("Nordberg-Halvorsen")).toEqual(["Nordberg-Halvorsen", "Nordberg Halvorsen"]);
    expect(companyNameForms("Nordberg-Halvorsen International Inc.")).toEqual(
      expect.arrayContaining(["Nordberg Halvorsen International Inc.", "Nordberg Halvorsen International"]),
    );
    expect(companyNameForms("Snap-tite Incorporated")).not.toContain("Snap tite");
  });

  it("takes the short name the question itself uses", () => {
    expect(shortNameAsked("Orvane Inc.", "Where is Orvane headquartered?")).toBe("Orvane");
    expect(shortNameAsked("Orvane Inc.", "Where is the company headquartered?")).toBeNull();
    expect(shortNameAsked("Orvane", "Where is Orvane headquartered?")).toBeNull();
    expect(shortNameAsked("Quillon Technologies, Inc.", "Who is Quillon's CTO?")).toBe("Quillon");
    expect(shortNameAsked("Quillon Technologies", "Is Quillon Technologies hiring?")).toBeNull();
    expect(shortNameAsked("Agency's 7Q", "Is 7Q funded by Congress?")).toBe("7Q");
    expect(companyNameForms("Agency's 7Q")).toContain("7Q");
    // The name's first word as a name inside the question, not as another name's word.
    expect(shortNameAsked("Quillon Platforms", "What was the system Quillon built for search called?")).toBe("Quillon");
    expect(shortNameAsked("General Quillon", "Who is the General Counsel?")).toBeNull();
    expect(shortNameAsked("Quillon Platforms", "Quillon built what?")).toBeNull();
  });
});

describe("writesLegalForm", () => {
  it("reads a legal form, a short or common one only in capitals", () => {
    expect(writesLegalForm("Acme Insights OÜ, Harbour tn 2")).toBe(true);
    expect(writesLegalForm("Acme, Inc.")).toBe(true);
    expect(writesLegalForm("Acme Holding AS")).toBe(true);
    expect(writesLegalForm("Acme runs as a service for any company")).toBe(false);
  });
});
