import { describe, expect, it } from "vitest";
import { namesFromEmail } from "./names-from-email.js";

describe("namesFromEmail", () => {
  it.each([
    ["sarah.chen@acme.com", "Sarah", "Chen"],
    ["sarah_chen@acme.com", "Sarah", "Chen"],
    ["sarah-chen+news@acme.com", "Sarah", "Chen"],
    ["Hanna@acme.com", "Hanna", null],
    ["j.doe@acme.com", null, "Doe"],
    ["mary.ann.smith@acme.com", "Mary", "Smith"],
    ["info@acme.com", null, null],
    ["sales.team@acme.com", null, null],
    ["jdoe42@acme.com", null, null],
    ["x@acme.com", null, null],
    ["", null, null],
  ])("%s gives %s %s", (email, firstName, lastName) => {
    expect(namesFromEmail(email)).toEqual({ firstName, lastName });
  });
});
