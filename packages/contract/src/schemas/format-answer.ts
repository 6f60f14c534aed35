import type { ResponseType } from "./response-type.js";

/** A typed answer value as the model returns it: null means the evidence does not say. */
export type AnswerValue = string | number | boolean | string[] | null;

export interface FormattedAnswer {
  answerText: string | null;
  answerNumber: number | null;
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/** ISO 8601 calendar date at year, month or day precision. */
export const ISO_DATE_PATTERN = /^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;

/**
 * Carries a typed answer in the response's two answer fields, as docs/api.md describes for each
 * responseType. Returns null when the value does not fit the type (the caller treats that as a
 * broken model output).
 */
export function formatAnswer(
  type: ResponseType,
  value: AnswerValue,
  options: readonly string[] = [],
): FormattedAnswer | null {
  if (value === null) return { answerText: null, answerNumber: null };
  switch (type) {
    case "TEXT":
      return typeof value === "string" && value.trim() !== "" ? { answerText: value.trim(), answerNumber: null } : null;
    case "BOOL":
      return typeof value === "boolean" ? { answerText: String(value), answerNumber: value ? 1 : 0 } : null;
    case "NUMBER":
      return typeof value === "number" && Number.isFinite(value)
        ? { answerText: numberFormat.format(value), answerNumber: value }
        : null;
    case "DATE":
      return typeof value === "string" && isCalendarDate(value) ? { answerText: value, answerNumber: null } : null;
    case "URL":
      return typeof value === "string" && isHttpUrl(value) ? { answerText: value, answerNumber: null } : null;
    case "OPTION": {
      const index = typeof value === "string" ? options.indexOf(value) : -1;
      return index >= 0 ? { answerText: options[index]!, answerNumber: index } : null;
    }
    case "OPTIONS": {
      if (!Array.isArray(value) || value.some((item) => !options.includes(item))) return null;
      const chosen = options.filter((option) => value.includes(option));
      return { answerText: JSON.stringify(chosen), answerNumber: chosen.length };
    }
  }
}

// The pattern allows day 31 in every month; a date that does not exist (2023-02-30) is no answer.
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number);
  if (month === undefined || day === undefined) return true;
  return day <= new Date(Date.UTC(year!, month, 0)).getUTCDate();
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
