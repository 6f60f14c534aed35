import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./normalize-email.js";

const valid: Array<[string, string, boolean, boolean]> = [
  // raw, email, isFreeMail, isDisposable
  ["  John.Doe@Acme.com ", "john.doe@acme.com", false, false],
  ["jane+sales@acme.co.uk", "jane+sales@acme.co.uk", false, false],
  ["MAILTO:info@example.org", "info@example.org", false, false],
  ["Jane Doe <Jane@Acme.IO>", "jane@acme.io", false, false],
  ["o'brien@firma.ie", "o'brien@firma.ie", false, false],
  ["someone@gmail.com", "someone@gmail.com", true, false],
  ["someone@GMX.de", "someone@gmx.de", true, false],
  ["someone@yahoo.co.jp", "someone@yahoo.co.jp", true, false],
  ["someone@qq.com", "someone@qq.com", true, false],
  ["someone@proton.me", "someone@proton.me", true, false],
  ["someone@mailinator.com", "someone@mailinator.com", true, true],
  ["someone@0-180.com", "someone@0-180.com", false, true],
  ["someone@anything.33mail.com", "someone@anything.33mail.com", false, true],
  ["info@münchen.de", "info@xn--mnchen-3ya.de", false, false],
  ["info@acme.com.", "info@acme.com", false, false],
];

const invalid: Array<string | null | undefined> = [
  "john.doe",
  "@acme.com",
  "john@",
  "john@localhost",
  "john..doe@acme.com",
  ".john@acme.com",
  "john.@acme.com",
  "john doe@acme.com",
  "john@acme..com",
  "john@-acme.com",
  "john@acme.c",
  "john@acme.123",
  "john@[192.168.0.1]",
  '"john doe"@acme.com',
  "jöhn@acme.com",
  `${"a".repeat(65)}@acme.com`,
  "n/a",
  "unknown",
  "",
  null,
  undefined,
];

describe("normalizeEmail", () => {
  it.each(valid)("%j -> %s (free %s, disposable %s)", (raw, email, isFreeMail, isDisposable) => {
    expect(normalizeEmail(raw)).toEqual({ email, domain: email.split("@")[1], isFreeMail, isDisposable });
  });

  it.each(invalid)("%j is rejected", (raw) => {
    expect(normalizeEmail(raw)).toEqual({ email: null, domain: null, isFreeMail: false, isDisposable: false });
  });
});
