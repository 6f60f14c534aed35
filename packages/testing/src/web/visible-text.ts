const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  copy: "©",
  euro: "€",
  pound: "£",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
};

/** Decodes the named entities the simulated sites use and every numeric entity. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return namedEntities[name.toLowerCase()] ?? whole;
  });
}

/**
 * The text a reader sees: scripts, styles, the head and comments removed, tags stripped,
 * entities decoded, whitespace collapsed to single spaces.
 */
export function toVisibleText(html: string): string {
  const withoutInvisible = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<head[\s>][\s\S]*?<\/head>/gi, " ")
    .replace(/<(script|style|noscript|template)[\s>][\s\S]*?<\/\1>/gi, " ");
  // Inline elements join their neighbours ("<a>report</a>." reads "report."); every other tag
  // separates words, as a browser lays block elements out on lines of their own.
  const text = withoutInvisible
    .replace(/<\/?(a|abbr|b|code|em|i|small|span|strong|sub|sup|time|u)(\s[^>]*)?>/gi, "")
    .replace(/<[^>]+>/g, " ");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/** The visible text of the page's `<main>` element only (no header, navigation, footer or banner). */
export function toMainText(html: string): string {
  const match = /<main[\s>][\s\S]*?<\/main>/i.exec(html);
  return match ? toVisibleText(match[0]) : "";
}
