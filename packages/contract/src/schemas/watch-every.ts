/** The shortest interval a watch may have, in seconds (one hour). */
export const MIN_WATCH_EVERY_SECONDS = 3_600;
/** The longest interval a watch may have, in seconds (30 days). */
export const MAX_WATCH_EVERY_SECONDS = 30 * 86_400;

const UNIT_SECONDS: Record<string, number> = { m: 60, h: 3_600, d: 86_400, w: 7 * 86_400 };

/** Why an `every` value is refused, in the words a 422 uses. */
export const WATCH_EVERY_RULE =
  'must be a duration from 1h to 30d: a whole number followed by m, h, d or w, such as "6h", "1d" or "2w"';

/**
 * Reads a watch's interval (`"6h"`, `"1d"`, `"90m"`, `"2w"`) as seconds; null when it is not a
 * duration or falls outside 1 hour to 30 days.
 */
export function parseWatchEvery(value: string): number | null {
  const match = /^(\d{1,6})\s*([mhdw])$/i.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2]!.toLowerCase()]!;
  return seconds >= MIN_WATCH_EVERY_SECONDS && seconds <= MAX_WATCH_EVERY_SECONDS ? seconds : null;
}
