/** The UTC day of a time, `YYYY-MM-DD`. */
export function utcDay(timeMs: number): string {
  return new Date(timeMs).toISOString().slice(0, 10);
}

/** The UTC month of a time, `YYYY-MM`. */
export function utcMonth(timeMs: number): string {
  return new Date(timeMs).toISOString().slice(0, 7);
}

/** When the UTC month after the one holding `timeMs` begins, ms since epoch. */
export function nextMonthStart(timeMs: number): number {
  const date = new Date(timeMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** Every day from `from` to `to` (both `YYYY-MM-DD`, inclusive), in order. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= end; time += 86_400_000) days.push(utcDay(time));
  return days;
}
