import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./normalize-email.js";

const valid: Array<[string, string, boolean, boolean, string]> = [
  // raw, email, isFreeMail, isDisposable, registrableDomain
  ["  John.Doe@Acme.com ", "john.doe@acme.com", false, false, "acme.com"],
  ["jane+sales@acme.co.uk", "jane+sales@acme.co.uk", false, false, "acme.co.uk"],
  ["MAILTO:info@example.org", "info@example.org", false, false, "example.org"],
  ["Jane Doe <Jane@Acme.IO>", "jane@acme.io", false, false, "acme.io"],
  ["o'brien@firma.ie", "o'brien@firma.ie", false, false, "firma.ie"],
  ["someone@gmail.com", "someone@gmail.com", true, false, "gmail.com"],
  ["someone@GMX.de", "someone@gmx.de", true, false, "gmx.de"],
  ["someone@yahoo.co.jp", "someone@yahoo.co.jp", true, false, "yahoo.co.jp"],
  ["someone@qq.com", "someone@qq.com", true, false, "qq.com"],
  ["someone@proton.me", "someone@proton.me", true, false, "proton.me"],
  ["someone@mailinator.com", "someone@mailinator.com", true, true, "mailinator.com"],
  ["someone@0-180.com", "someone@0-180.com", false, true, "0-180.com"],
  ["someone@anything.33mail.com", "someone@anything.33mail.com", false, true, "33mail.com"],
  ["info@münchen.de", "info@xn--mnchen-3ya.de", false, false, "xn--mnchen-3ya.de"],
  ["info@acme.com.", "info@acme.com", false, false, "acme.com"],
  ["jane@us.acme.com", "jane@us.acme.com", false, false, "acme.com"],
  ["jane@mail.eu.acme.co.uk", "jane@mail.eu.acme.co.uk", false, false, "acme.co.uk"],
  ["jane@acme.github.io", "jane@acme.github.io", false, false, "acme.github.io"],
  ["jane@dept.example.ac.jp", "jane@dept.example.ac.jp", false, false, "example.ac.jp"],
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
  it.each(valid)(
    "%j -> %s (free %s, disposable %s, registered %s)",
    (raw, email, isFreeMail, isDisposable, registrableDomain) => {
      expect(normalizeEmail(raw)).toEqual({
        email,
        domain: email.split("@")[1],
        registrableDomain,
        isFreeMail,
        isDisposable,
      });
    },
  );

  it.each(invalid)("%j is rejected", (raw) => {
    expect(normalizeEmail(raw)).toEqual({
      email: null,
      domain: null,
      registrableDomain: null,
      isFreeMail: false,
      isDisposable: false,
    });
  });
});
