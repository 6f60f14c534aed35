import { describe, expect, it } from "vitest";
import { normalizePhone } from "./normalize-phone.js";

const cases: Array<[string, string | undefined, string | null, string | null]> = [
  // raw, countryHint, e164, country
  // Germany
  ["+49 30 1234567", undefined, "+49301234567", "DE"],
  ["0049 30 1234567", undefined, "+49301234567", "DE"],
  ["0049 30 1234567", "DE", "+49301234567", "DE"],
  ["(030) 1234567", "DE", "+49301234567", "DE"],
  ["+49 (0)30 1234567", undefined, "+49301234567", "DE"],
  ["01512 3456789", "de", "+4915123456789", "DE"],
  // United States and Canada
  ["(415) 555-0132", undefined, "+14155550132", "US"],
  ["415.555.0132", undefined, "+14155550132", "US"],
  ["+1-415-555-0132", undefined, "+14155550132", "US"],
  ["1 (415) 555-0132", undefined, "+14155550132", "US"],
  ["(415) 555-0132", "US", "+14155550132", "US"],
  ["tel:+1-415-555-0132", undefined, "+14155550132", "US"],
  ["+1 (415) 555-0132 ext. 12", undefined, "+14155550132", "US"],
  ["011 49 30 1234567", "US", "+49301234567", "DE"],
  ["(506) 234-5678", undefined, "+15062345678", "CA"],
  ["(415) 555-0132", "DE", "+14155550132", "US"],
  ["415 555 0132", "GB", "+14155550132", "US"],
  ["30 1234567", "DE", "+49301234567", "DE"],
  // United Kingdom
  ["020 7946 0958", "GB", "+442079460958", "GB"],
  ["+44 20 7946 0958", undefined, "+442079460958", "GB"],
  ["+44 (0)20 7946 0958", undefined, "+442079460958", "GB"],
  ["07400 123456", "GB", "+447400123456", "GB"],
  // France
  ["+33 1 42 68 53 00", undefined, "+33142685300", "FR"],
  ["01 42 68 53 00", "FR", "+33142685300", "FR"],
  ["06.12.34.56.78", "FR", "+33612345678", "FR"],
  // Spain
  ["+34 612 34 56 78", undefined, "+34612345678", "ES"],
  ["612345678", "ES", "+34612345678", "ES"],
  // Italy
  ["+39 312 345 6789", undefined, "+393123456789", "IT"],
  ["0039 312 345 6789", undefined, "+393123456789", "IT"],
  // Netherlands
  ["06 12345678", "NL", "+31612345678", "NL"],
  ["+31 6 12345678", undefined, "+31612345678", "NL"],
  // Switzerland
  ["078 123 45 67", "CH", "+41781234567", "CH"],
  ["+41 78 123 45 67", undefined, "+41781234567", "CH"],
  // Austria
  ["0664 123456", "AT", "+43664123456", "AT"],
  // India
  ["+91 81234 56789", undefined, "+918123456789", "IN"],
  ["081234 56789", "IN", "+918123456789", "IN"],
  // China
  ["+86 131 2345 6789", undefined, "+8613123456789", "CN"],
  ["131-2345-6789", "CN", "+8613123456789", "CN"],
  // Japan
  ["090-1234-5678", "JP", "+819012345678", "JP"],
  ["+81 90 1234 5678", undefined, "+819012345678", "JP"],
  // Brazil
  ["(11) 96123-4567", "BR", "+5511961234567", "BR"],
  ["+55 11 96123 4567", undefined, "+5511961234567", "BR"],
  // Australia
  ["0412 345 678", "AU", "+61412345678", "AU"],
  ["+61 412 345 678", undefined, "+61412345678", "AU"],
  // Sweden, Poland, Vietnam, South Korea, Singapore, Ireland, United Arab Emirates
  ["070-123 45 67", "SE", "+46701234567", "SE"],
  ["+48 512 345 678", undefined, "+48512345678", "PL"],
  ["0912 345 678", "VN", "+84912345678", "VN"],
  ["010-2000-0000", "KR", "+821020000000", "KR"],
  ["8123 4567", "SG", "+6581234567", "SG"],
  ["085 012 3456", "IE", "+353850123456", "IE"],
  ["+971 50 123 4567", undefined, "+971501234567", "AE"],
  // Ghana, with the "00" international prefix
  ["00233 30 223 4567", undefined, "+233302234567", "GH"],
  ["00233 30 223 4567", "US", "+233302234567", "GH"],
  // International form, of a possible length but in no range the numbering plan knows: the calling
  // code still names the country when no other country shares it
  ["00233 30 123 4567", undefined, null, "GH"],
  ["00233 30 123 4567", "DE", null, "GH"],
  ["+233 30 123 4567", undefined, null, "GH"],
  ["+44 20 7946 095", undefined, null, null],
  // Non-geographic
  ["+800 1234 5678", undefined, "+80012345678", null],
  // Invalid
  ["030 1234567", undefined, null, null],
  ["12345", "DE", null, null],
  ["+49 123", undefined, null, null],
  ["020 7946 0958", undefined, null, null],
  ["+1 555 555 5555", undefined, null, null],
  ["call me", "US", null, null],
  ["n/a", "US", null, null],
  ["", undefined, null, null],
];

describe("normalizePhone", () => {
  it.each(cases)("%j with hint %s -> %s (%s)", (raw, countryHint, e164, country) => {
    expect(normalizePhone(raw, { countryHint })).toEqual({ e164, country });
  });

  it("ignores a country hint that is not a country", () => {
    expect(normalizePhone("+49 30 1234567", { countryHint: "XX" })).toEqual({ e164: "+49301234567", country: "DE" });
  });
});
