import { describe, expect, it } from "vitest";
import { normalizeDate } from "./normalize-date.js";

const cases: Array<[string | null | undefined, string | undefined, string | null]> = [
  // raw, locale, expected
  ["2023-06-06", undefined, "2023-06-06"],
  ["2023-06-06T10:00:00Z", undefined, "2023-06-06"],
  ["2023-06-06T23:30:00.123-05:00", undefined, "2023-06-06"],
  ["2023/06/06", undefined, "2023-06-06"],
  ["2023-06", undefined, "2023-06"],
  ["2023/06", undefined, "2023-06"],
  ["06/2023", undefined, "2023-06"],
  ["6/2023", undefined, "2023-06"],
  ["2023", undefined, "2023"],
  ["June 6th, 2023", undefined, "2023-06-06"],
  ["June 6, 2023", undefined, "2023-06-06"],
  ["Tuesday, June 6, 2023", undefined, "2023-06-06"],
  ["6 June 2023", undefined, "2023-06-06"],
  ["6th of June 2023", undefined, "2023-06-06"],
  ["Jun 2023", undefined, "2023-06"],
  ["Jun. 2023", undefined, "2023-06"],
  ["Sept 2021", undefined, "2021-09"],
  ["2023 June", undefined, "2023-06"],
  ["6. Juni 2023", undefined, "2023-06-06"],
  ["März 2020", undefined, "2020-03"],
  ["1er juin 2023", undefined, "2023-06-01"],
  ["févr. 2022", undefined, "2022-02"],
  ["6 de junio de 2023", undefined, "2023-06-06"],
  ["maart 2019", undefined, "2019-03"],
  ["06.06.2023", undefined, "2023-06-06"],
  ["31.12.2022", undefined, "2022-12-31"],
  ["13/04/2023", undefined, "2023-04-13"],
  ["04/13/2023", undefined, "2023-04-13"],
  ["04/04/2023", undefined, "2023-04-04"],
  ["03/04/2023", undefined, null],
  ["03/04/2023", "en-US", "2023-03-04"],
  ["03/04/2023", "en-GB", "2023-04-03"],
  ["03-04-2023", "de-DE", "2023-04-03"],
  ["Q3 2021", undefined, "2021"],
  ["2021 Q3", undefined, "2021"],
  ["H1 2022", undefined, "2022"],
  ["Q5 2021", undefined, null],
  ["February 30, 2023", undefined, null],
  ["29.02.2024", undefined, "2024-02-29"],
  ["29.02.2023", undefined, null],
  ["2023-13", undefined, null],
  ["1850", undefined, null],
  ["June 2023 - Present", undefined, null],
  ["Present", undefined, null],
  ["06.06.23", undefined, null],
  ["last summer", undefined, null],
  ["n/a", undefined, null],
  ["", undefined, null],
  [null, undefined, null],
];

describe("normalizeDate", () => {
  it.each(cases)("%j (locale %s) -> %j", (raw, locale, expected) => {
    expect(normalizeDate(raw, locale === undefined ? undefined : { locale })).toBe(expected);
  });

  it("throws on a locale that is not a BCP 47 tag", () => {
    expect(() => normalizeDate("03/04/2023", { locale: "not a locale!" })).toThrow(RangeError);
  });
});
