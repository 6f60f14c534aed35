import { collapseWhitespace, type DomElement, toArray } from "../gather/extract/dom.js";

/**
 * Words a logo's label puts around the name: "Acme logo", "Logo of Acme", "Acme (logo)", "Photo of
 * Jane Doe". They say what the image is, not whom.
 */
const LEADING_LABEL =
  /^(?:(?:the|a|an)\s+)?(?:(?:company|sponsor|partner|customer|client|member|brand)\s+)?(?:logo(?:type)?|icon|image|picture|photo(?:graph)?|portrait|headshot|avatar|wordmark)\s*(?:of|for|[:–—|-])\s*/i;
const TRAILING_LABEL =
  /\s*[-–—:|(]?\s*(?:(?:company|sponsor|partner|customer|client|member|brand|color|colour|white|black|dark|light)\s+)*(?:logo(?:type)?|icon|image|picture|photo(?:graph)?|portrait|headshot|avatar|wordmark|brand\s*mark)\)?$/i;

/** A file's name or a path ("logo.png", "/img/acme.svg"): what a careless page puts in `alt`, never a name. */
const FILE_NAME = /(?:\.(?:png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?)(?:\?.*)?$|[/\\])/i;

/** Short words a name may write in lower case: "Bill & Melinda Gates Foundation", "Banco de la Nación". */
const MINOR_WORDS =
  /^(?:and|of|for|the|a|an|in|on|at|by|to|de|del|della|di|da|du|des|la|le|les|el|van|von|der|den|und|et|y|e|&|\+|[-–—|·])$/i;

/** Most words a logo's label may have to be a name rather than a description of a picture. */
const MOST_NAME_WORDS = 6;

/**
 * A logo's label reduced to the name it gives, or null when it gives none: the words that say it is
 * a logo or a photo are dropped; a file name, a description of a picture ("Audience segmentation in
 * the dashboard": more than one word, some of them lower-case words that are not particles) and a
 * label that names nothing ("logo") are not names.
 */
export function nameFromLabel(label: string | null): string | null {
  let text = collapseWhitespace(label ?? "");
  if (!text || FILE_NAME.test(text)) return null;
  for (let pass = 0; pass < 2; pass += 1) text = text.replace(LEADING_LABEL, "").replace(TRAILING_LABEL, "").trim();
  text = text.replace(/^[\s:,–—|-]+|[\s:,–—|-]+$/g, "").trim();
  if (!text || !/\p{L}/u.test(text)) return null;
  const words = text.split(/\s+/);
  if (words.length > MOST_NAME_WORDS) return null;
  // One word may be written any way ("acme"); several are a name when each is capitalized, a
  // number or a particle, as names are written, and a description is not.
  if (words.length > 1 && !words.every((word) => MINOR_WORDS.test(word) || /[\p{Lu}\p{N}]/u.test(word))) return null;
  return text;
}

/**
 * The labels an entry's logo carries, in the order they are tried: each image's `alt`, `title` and
 * `aria-label`, then the links' and the entry's own `aria-label` and `title`. An entry whose text
 * names nothing (a sponsor's logo linking to its site) is named by them.
 */
export function logoLabels(element: DomElement): string[] {
  const images = [
    ...(/^(?:IMG|PICTURE)$/i.test(element.tagName) ? [element] : []),
    ...toArray(element.querySelectorAll("img, [role=img]")),
  ];
  const anchors = [
    ...(element.tagName.toUpperCase() === "A" ? [element] : []),
    ...toArray(element.querySelectorAll("a[href]")),
  ];
  const labels: string[] = [];
  for (const image of images)
    for (const attribute of ["alt", "title", "aria-label"]) labels.push(image.getAttribute(attribute) ?? "");
  for (const holder of [...anchors, element])
    for (const attribute of ["aria-label", "title"]) labels.push(holder.getAttribute(attribute) ?? "");
  return labels.filter((label) => label.trim() !== "");
}

/** A website's host as a name, `www.` aside: what names a logo that carries no label ("acme.example"). */
export function hostName(website: string): string {
  return new URL(website).hostname.toLowerCase().replace(/^www\./, "");
}
