/**
 * When two answers say the same thing. Runs of one question read the same facts in different
 * words ("240 employees" and 240, "Boston, MA" and "boston ma", an OPTIONS answer in another
 * order), and a watch must not report that as a change.
 */

/** A number with what it counts, as an answer writes it: `240 employees`, `$1.25M`, `about 2,000`. */
interface Quantity {
  value: number;
  /** The words after the number, singular and lower case (`employee`); empty when there are none. */
  unit: string;
}

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  t: 1e12,
  trillion: 1e12,
};

const QUANTITY =
  /^(?:(?:about|around|approximately|approx\.?|roughly|nearly|almost|over|more than|some|~|≈)\s*)?(?:[$€£]\s*)?(-?\d{1,3}(?:[,\u00a0 ]\d{3})+|-?\d+)(?:\.(\d+))?\s*(k|m|mm|mn|b|bn|t|thousand|million|billion|trillion)?\.?(?:\s+([\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*)?))?$/iu;

/** Reads `240`, `240 employees`, `1,250`, `$1.25M`, `2.5 million` as a quantity; null for anything else. */
export function readQuantity(text: string): Quantity | null {
  const match = QUANTITY.exec(text.normalize("NFKC").trim());
  if (!match) return null;
  const whole = match[1]!.replace(/[,\u00a0 ]/g, "");
  const value = Number(`${whole}${match[2] ? `.${match[2]}` : ""}`) * (MULTIPLIERS[match[3]?.toLowerCase() ?? ""] ?? 1);
  if (!Number.isFinite(value)) return null;
  const unit = (match[4] ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/(?<=..)s$/, ""))
    .join(" ");
  return { value, unit };
}

/** Lower-case words only: case, accents, punctuation and whitespace aside. */
export function wordsOf(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const ISO_DATE = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/;

/** A URL without scheme, `www.`, trailing slash or case in the host: `https://www.a.com/x/` is `a.com/x`. */
function urlKey(text: string): string | null {
  const candidate = /^https?:\/\//i.test(text)
    ? text
    : /^[\w-]+(?:\.[\w-]+)+(?:\/\S*)?$/.test(text)
      ? `https://${text}`
      : "";
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return `${url.hostname.replace(/^www\./, "")}${url.pathname.replace(/\/+$/, "")}${url.search}`;
  } catch {
    return null;
  }
}

/** Two dates are the same when one is the other at a finer precision: `2018` and `2018-12` are. */
function sameDate(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}-`) || b.startsWith(`${a}-`);
}

/**
 * Whether two stated values are the same: numbers and the quantities text writes for them
 * (`240 employees` and 240; `240 employees` and `240 people` are not compared by their units only
 * when one side has none), dates at their common precision, URLs without scheme or `www.`, text
 * without case, accents, punctuation or spacing, lists as sets, records member by member.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    const left = new Set(a.map(itemKey));
    const right = new Set(b.map(itemKey));
    return left.size === right.size && [...left].every((key) => right.has(key));
  }
  if (typeof a === "object" || typeof b === "object") return itemKey(a) === itemKey(b);
  if (typeof a === "boolean" || typeof b === "boolean") return String(a).toLowerCase() === String(b).toLowerCase();
  const left = typeof a === "number" ? { value: a, unit: "" } : readQuantity(String(a));
  const right = typeof b === "number" ? { value: b, unit: "" } : readQuantity(String(b));
  if (left && right) return left.value === right.value && (!left.unit || !right.unit || left.unit === right.unit);
  const leftText = String(a).normalize("NFKC").trim();
  const rightText = String(b).normalize("NFKC").trim();
  if (ISO_DATE.test(leftText) && ISO_DATE.test(rightText)) return sameDate(leftText, rightText);
  const leftUrl = urlKey(leftText);
  const rightUrl = urlKey(rightText);
  if (leftUrl !== null && rightUrl !== null) return leftUrl === rightUrl;
  return wordsOf(leftText) === wordsOf(rightText);
}

/**
 * A key that equal items of a list share, for telling which items were added or dropped: the
 * number of a quantity, the words of text, a record's members in key order.
 */
export function itemKey(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") return `n:${value}`;
  if (typeof value === "boolean") return `b:${value}`;
  if (Array.isArray(value)) return `a:[${value.map(itemKey).sort().join(",")}]`;
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== null && record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${itemKey(record[key])}`);
    return `o:{${members.join(",")}}`;
  }
  const text = String(value).normalize("NFKC").trim();
  if (ISO_DATE.test(text)) return `d:${text}`;
  const quantity = readQuantity(text);
  if (quantity) return `n:${quantity.value}`;
  const url = urlKey(text);
  if (url !== null) return `u:${url}`;
  return `t:${wordsOf(text)}`;
}
