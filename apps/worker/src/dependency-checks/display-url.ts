/** A URL as logs and `/readyz` show it: without credentials or query, which may carry secrets. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, "");
  } catch {
    return "(an invalid URL)";
  }
}
