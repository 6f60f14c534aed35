/** Number words up to twenty and the round ones a page writes out. */
export const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
};

/** How many times, in one word: "twice a year" is two times. */
export const TIMES_WORDS: Record<string, number> = { twice: 2, thrice: 3 };

/** Scale words and letters after a number ("1.5M", "13 million"). */
export const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
  t: 1e12,
  trillion: 1e12,
};

/**
 * Reads every number a text states, in the forms pages write them: "1,250,000", "1 250 000",
 * "1.25M", "$1.25 million", "€9", "20,000+", "15%", "ten", "a dozen", "2.5k". A number with a
 * scale word is read both with and without it, so "1.25M" states 1250000 and 1.25. Dates' parts
 * are numbers too ("2023-07-26" states 2023, 7 and 26).
 */
export function readNumbers(text: string): number[] {
  const numbers: number[] = [];
  const lower = text.toLowerCase();
  // Digits with thousands separators (comma, thin or plain space, apostrophe) or a decimal part.
  const pattern =
    /(^|[^\p{L}\p{N}])([-\u2212])?(\d{1,3}(?:[,\u202f\u00a0' ]\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?:\s?(k|m|mm|mn|b|bn|t|thousand|millions?|billions?|trillion)\b)?/gu;
  for (let match = pattern.exec(lower); match; match = pattern.exec(lower)) {
    // A minus right before the digits, after a space or at the start: "-12", not "2023-07".
    const sign = match[2] ? -1 : 1;
    const digits = match[3] ?? "";
    const scale = match[4];
    for (const value of parseDigits(digits)) {
      numbers.push(value * sign);
      // "30-day" and "2023-07" read as 30 and 7 too: a dash is also just a dash.
      if (sign < 0) numbers.push(value);
      if (scale) numbers.push(value * sign * (SCALES[scale] ?? 1));
    }
  }
  for (const word of lower.split(/[^a-z]+/)) {
    const value = NUMBER_WORDS[word] ?? TIMES_WORDS[word];
    if (value !== undefined) numbers.push(value);
  }
  numbers.push(...numbersInWords(lower));
  return numbers;
}

/**
 * Numbers written in several words: "ten million", "twenty-five", "two hundred thousand", "a
 * million", "half a million". Single words are read on their own already.
 */
function numbersInWords(lower: string): number[] {
  const found: number[] = [];
  const words = lower.split(/[^a-z]+/).filter(Boolean);
  let total = 0;
  let current = 0;
  let length = 0;
  let half = false;
  const end = () => {
    const value = (total + current) * (half ? 0.5 : 1);
    if (length >= 2 && value > 0) found.push(value);
    total = 0;
    current = 0;
    length = 0;
    half = false;
  };
  for (const [index, word] of words.entries()) {
    const next = words[index + 1] ?? "";
    const unit = NUMBER_WORDS[word];
    const scale = SCALES[word] !== undefined && word.length > 2 ? (SCALES[word] ?? 1) : undefined;
    // "a million", "half a million": "a" counts as one only right before a scale word.
    const leadingA = word === "a" && (SCALES[next] !== undefined || next === "hundred" || next === "dozen");
    if (word === "half" && (next === "a" || SCALES[next] !== undefined)) {
      end();
      half = true;
      length += 1;
    } else if (leadingA) {
      current = current === 0 ? 1 : current;
      length += 1;
    } else if (word === "hundred" && length > 0) {
      current = (current || 1) * 100;
      length += 1;
    } else if (unit !== undefined && word !== "hundred" && word !== "dozen") {
      // "one, two, three" is a count, not a sum: a unit after a unit or a ten after a ten starts anew.
      if (current % 100 !== 0 && (unit >= 10 || current % 10 !== 0)) end();
      current += unit;
      length += 1;
    } else if (scale !== undefined && length > 0) {
      total += (current || 1) * scale;
      current = 0;
      length += 1;
    } else if (word === "and" && length > 0 && NUMBER_WORDS[next] !== undefined) {
      // "two hundred and fifty"
    } else {
      end();
    }
  }
  end();
  return found;
}

/** "1,250" is 1250; "1,25" may be a decimal comma (1.25); "1.250" may be a thousands dot (1250). */
function parseDigits(digits: string): number[] {
  const plain = digits.replace(/[\u202f\u00a0' ]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain)) return [Number(plain.replace(/,/g, ""))];
  if (/^\d+,\d+$/.test(plain)) return [Number(plain.replace(",", ".")), Number(plain.replace(",", ""))];
  if (/^\d{1,3}\.\d{3}$/.test(plain)) return [Number(plain), Number(plain.replace(".", ""))];
  return [Number(plain)];
}

/** Whether two numbers are the same claim: equal, or within half a percent (rounding of "1.25M"). */
export function sameNumber(left: number, right: number): boolean {
  if (left === right) return true;
  const scale = Math.max(Math.abs(left), Math.abs(right));
  return scale > 0 && Math.abs(left - right) / scale <= 0.005;
}
