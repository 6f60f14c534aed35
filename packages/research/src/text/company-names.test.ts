import { describe, expect, it } from "vitest";
import { companyNameForms, nameInReadingOrder } from "./company-names.js";

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
