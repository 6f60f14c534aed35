/** A date a text states, at the precision it states it. */
export interface StatedDate {
  year: number;
  month: number | null;
  day: number | null;
}

/** Month names and abbreviations in the languages company pages are most often written in. */
const MONTHS: Array<[number, string[]]> = [
  [1, ["january", "jan", "januar", "janvier", "enero", "gennaio", "januari", "janeiro", "jänner"]],
  [2, ["february", "feb", "februar", "février", "fevrier", "febrero", "febbraio", "februari", "fevereiro"]],
  [3, ["march", "mar", "märz", "maerz", "mars", "marzo", "maart", "março", "marco"]],
  [4, ["april", "apr", "avril", "abril", "aprile"]],
  [5, ["may", "mai", "mayo", "maggio", "mei", "maio"]],
  [6, ["june", "jun", "juni", "juin", "junio", "giugno", "junho"]],
  [7, ["july", "jul", "juli", "juillet", "julio", "luglio", "julho"]],
  [8, ["august", "aug", "août", "aout", "agosto", "augustus"]],
  [9, ["september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro"]],
  [10, ["october", "oct", "oktober", "octobre", "octubre", "ottobre", "outubro"]],
  [11, ["november", "nov", "novembre", "noviembre", "novembro"]],
  [12, ["december", "dec", "dezember", "décembre", "decembre", "diciembre", "dicembre", "dezembro"]],
];
const MONTH_BY_NAME = new Map(MONTHS.flatMap(([month, names]) => names.map((name) => [name, month] as const)));
const MONTH_NAMES = [...MONTH_BY_NAME.keys()].sort((a, b) => b.length - a.length).join("|");

const validYear = (year: number) => year >= 1800 && year <= 2100;
const validMonth = (month: number) => month >= 1 && month <= 12;
const validDay = (day: number) => day >= 1 && day <= 31;

/**
 * Reads every date a text states: ISO forms ("2023-07-26", "2023-07"), European and US numeric
 * forms ("26.07.2023", "07/26/2023", both readings kept when either fits), written dates in any
 * order ("December 2, 2018", "2 December 2018", "Dec 2018", "2. Dezember 2018") and bare years.
 */
export function readDates(text: string): StatedDate[] {
  const lower = text.toLowerCase();
  const dates: StatedDate[] = [];
  const add = (year: number, month: number | null, day: number | null) => {
    if (!validYear(year) || (month !== null && !validMonth(month)) || (day !== null && !validDay(day))) return;
    dates.push({ year, month, day });
  };
  for (const match of lower.matchAll(/\b(\d{4})-(\d{1,2})(?:-(\d{1,2}))?\b/g)) {
    add(Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : null);
  }
  for (const match of lower.matchAll(/\b(\d{1,2})[./-](\d{1,2})[./-](\d{4})\b/g)) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    add(year, second, first);
    add(year, first, second);
  }
  for (const match of lower.matchAll(
    new RegExp(`\\b(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "gu"),
  )) {
    add(Number(match[3]), MONTH_BY_NAME.get(match[1] ?? "") ?? 0, Number(match[2]));
  }
  for (const match of lower.matchAll(
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|\\.)?\\s+(?:of\\s+)?(${MONTH_NAMES})\\.?,?\\s+(\\d{4})\\b`, "gu"),
  )) {
    add(Number(match[3]), MONTH_BY_NAME.get(match[2] ?? "") ?? 0, Number(match[1]));
  }
  for (const match of lower.matchAll(new RegExp(`\\b(${MONTH_NAMES})\\.?,?\\s+(?:of\\s+)?(\\d{4})\\b`, "gu"))) {
    add(Number(match[2]), MONTH_BY_NAME.get(match[1] ?? "") ?? 0, null);
  }
  for (const match of lower.matchAll(/\b(1[89]\d\d|20\d\d)\b/g)) add(Number(match[1]), null, null);
  return dates;
}

/** Whether a stated date says what an ISO answer (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) claims, to the answer's precision. */
export function dateStates(stated: StatedDate, answer: string): boolean {
  const [year, month, day] = answer.split("-").map(Number);
  if (stated.year !== year) return false;
  if (month !== undefined && stated.month !== month) return false;
  if (day !== undefined && stated.day !== day) return false;
  return true;
}
