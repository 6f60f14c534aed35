import { cleanText } from "./is-filler.js";

/** Options of {@link normalizeDate}. */
export interface NormalizeDateOptions {
  /**
   * BCP 47 locale the date was written in, such as "en-US" or "de-DE". Only used to read an
   * all-numeric date whose day and month could be swapped ("03/04/2023"): the locale's own
   * numeric date order decides. Default: none, and such dates give null. An invalid tag throws
   * the RangeError of `Intl.DateTimeFormat`.
   */
  locale?: string;
}

/** Languages whose month names (long and abbreviated) are understood. */
const MONTH_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt"];

/** Words that may sit between the parts of a written date: "6th of June", "6 de junio de 2023". */
const FILL_WORDS = new Set(["of", "the", "de", "del", "le", "am", "den"]);

const WEEKDAYS = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|urday|sday)?$/;

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[t ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:z|[+-]\d{2}(?::?\d{2})?)?)?$/;

let monthIndex: Map<string, number> | undefined;

/** Numeric forms, tried in order: the first pattern that matches decides. */
const NUMERIC_FORMS: Array<[RegExp, (match: RegExpExecArray, locale: string | undefined) => string | null]> = [
  [ISO_DATE_TIME, (match) => formatDate(match[1]!, match[2]!, match[3]!)],
  [/^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/, (match) => formatDate(match[1]!, match[2]!, match[3]!)],
  [/^(\d{4})[-/.](\d{1,2})$/, (match) => formatDate(match[1]!, match[2]!)],
  [/^(\d{1,2})[-/.](\d{4})$/, (match) => formatDate(match[2]!, match[1]!)],
  [/^(\d{4})$/, (match) => formatDate(match[1]!)],
  [/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, (match) => formatDate(match[3]!, match[2]!, match[1]!)],
  [/^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/, (match, locale) => numericDayMonth(match, locale)],
];

/**
 * A date as ISO 8601 calendar text at the precision it was written with: `YYYY-MM-DD`, `YYYY-MM`
 * or `YYYY`; null when it is not a date or is ambiguous.
 *
 * Understood: ISO dates and date-times ("2023-06-06T10:00:00Z" gives the date as written, without
 * converting the zone), "2023/06/06", "2023-06", "2023/06", "06/2023", European "06.06.2023", and
 * written dates in English, German, French, Spanish, Italian, Dutch or Portuguese in any order
 * ("June 6th, 2023", "6 June 2023", "Jun 2023", "6. Juni 2023", "juin 2023"). "03/04/2023" could be
 * March or April and gives null unless `options.locale` says; "13/04/2023" cannot and gives April.
 * A quarter or half ("Q3 2021", "H1 2022") gives only its year: the year is certain, while the
 * quarter's first month would claim a precision the text does not have. Years outside 1900-2100
 * give null.
 */
export function normalizeDate(raw: string | null | undefined, options: NormalizeDateOptions = {}): string | null {
  const text = cleanText(raw)?.toLowerCase();
  if (text === undefined) return null;
  const numeric = NUMERIC_FORMS.find(([pattern]) => pattern.test(text));
  if (numeric) return numeric[1](numeric[0].exec(text)!, options.locale);
  const quarter = /^([qh])([1-4])\s*[-/]?\s*(\d{4})$/.exec(text) ?? /^(\d{4})\s*[-/]?\s*([qh])([1-4])$/.exec(text);
  if (quarter) {
    const yearFirst = /^\d{4}$/.test(quarter[1]!);
    const year = yearFirst ? quarter[1]! : quarter[3]!;
    const period = yearFirst ? quarter[2]! : quarter[1]!;
    const number = Number(yearFirst ? quarter[3] : quarter[2]);
    return period === "h" && number > 2 ? null : formatDate(year);
  }
  return writtenDate(text);
}

/** "03/04/2023": day first or month first, settled by the value or the locale. */
function numericDayMonth(match: RegExpExecArray, locale: string | undefined): string | null {
  const first = Number(match[1]);
  const second = Number(match[2]);
  const year = match[3]!;
  if (first > 12) return formatDate(year, match[2]!, match[1]!);
  if (second > 12 || first === second) return formatDate(year, match[1]!, match[2]!);
  if (locale === undefined) return null;
  return isDayFirst(locale) ? formatDate(year, match[2]!, match[1]!) : formatDate(year, match[1]!, match[2]!);
}

function isDayFirst(locale: string): boolean {
  const types = new Intl.DateTimeFormat(locale, { timeZone: "UTC" })
    .formatToParts(new Date(Date.UTC(2023, 10, 22)))
    .map((part) => part.type);
  return types.indexOf("day") < types.indexOf("month");
}

/** A date written with a month name: one month, one year, at most one day, in any order. */
function writtenDate(text: string): string | null {
  const words = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[,]/g, " ")
    .replace(/(\d)(?:st|nd|rd|th|er|e|o|º)\b/g, "$1")
    .split(/[\s/-]+/)
    .map((word) => word.replace(/\.$/, ""))
    .filter((word) => word !== "" && !FILL_WORDS.has(word) && !WEEKDAYS.test(word));
  let month: number | undefined;
  let day: string | undefined;
  let year: string | undefined;
  for (const word of words) {
    const monthNumber = findMonth(word);
    if (monthNumber !== undefined && month === undefined) month = monthNumber;
    else if (/^\d{4}$/.test(word) && year === undefined) year = word;
    else if (/^\d{1,2}$/.test(word) && day === undefined) day = word;
    else return null;
  }
  if (month === undefined || year === undefined) return null;
  return formatDate(year, String(month), day);
}

function findMonth(word: string): number | undefined {
  if (monthIndex === undefined) {
    const names = new Map<string, Set<number>>();
    for (const language of MONTH_LANGUAGES) {
      for (const style of ["long", "short"] as const) {
        const format = new Intl.DateTimeFormat(language, { month: style, timeZone: "UTC" });
        for (let month = 1; month <= 12; month += 1) {
          const key = format
            .format(new Date(Date.UTC(2023, month - 1, 15)))
            .normalize("NFD")
            .replace(/\p{M}/gu, "")
            .toLowerCase()
            .replace(/\.$/, "");
          names.set(key, (names.get(key) ?? new Set()).add(month));
        }
      }
    }
    names.set("sept", new Set([9]));
    // A name that means different months in two languages is left out rather than guessed.
    monthIndex = new Map(
      [...names].filter(([, months]) => months.size === 1).map(([key, months]) => [key, [...months][0]!]),
    );
  }
  return monthIndex.get(word);
}

function formatDate(year: string, month?: string, day?: string): string | null {
  const yearNumber = Number(year);
  if (yearNumber < 1900 || yearNumber > 2100) return null;
  if (month === undefined) return year;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return null;
  const monthText = String(monthNumber).padStart(2, "0");
  if (day === undefined) return `${year}-${monthText}`;
  const dayNumber = Number(day);
  const daysInMonth = new Date(Date.UTC(yearNumber, monthNumber, 0)).getUTCDate();
  if (dayNumber < 1 || dayNumber > daysInMonth) return null;
  return `${year}-${monthText}-${String(dayNumber).padStart(2, "0")}`;
}
