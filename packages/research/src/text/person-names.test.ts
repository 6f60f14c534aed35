import { describe, expect, it } from "vitest";
import { fullNameAsWritten, termsNameFullName } from "./person-names.js";

describe("a full name as pages write it", () => {
  it("finds the name with middle names or initials between its first word and the rest", () => {
    expect(fullNameAsWritten("mira okafor lund head of engineering", "mira lund")).toBe("mira okafor lund");
    expect(fullNameAsWritten("by john f. x. doe, editor", "john doe")).toBe("john f. x. doe");
    expect(fullNameAsWritten("jane doe joined in 2021", "jane doe")).toBe("jane doe");
  });

  it("does not join two people's names, nor reach past two middle words", () => {
    expect(fullNameAsWritten("jane and john doe", "jane doe")).toBeNull();
    expect(fullNameAsWritten("jane met the new doe", "jane doe")).toBeNull();
    expect(fullNameAsWritten("jane smith met ann doe", "jane doe")).toBeNull();
    expect(fullNameAsWritten("janet doe", "jane doe")).toBeNull();
    expect(fullNameAsWritten("jane", "jane")).toBeNull();
  });

  it("reads terms the same way", () => {
    expect(termsNameFullName(["mira", "okafor", "lund", "head"], ["mira", "lund"])).toBe(true);
    expect(termsNameFullName(["mira", "lund"], ["mira", "lund"])).toBe(true);
    expect(termsNameFullName(["mira", "a", "b", "c", "lund"], ["mira", "lund"])).toBe(false);
    expect(termsNameFullName(["ada"], ["ada"])).toBe(true);
  });
});
