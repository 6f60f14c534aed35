import type { DomDocument, DomElement } from "./dom.js";
import { collapseWhitespace, toArray } from "./dom.js";

/** Class tokens that mark the job title inside a person card. */
const ROLE_CLASS = /(?:^|[-_\s])(?:role|job-?title|jobtitle|position|designation|occupation|title)(?:$|[-_\s])/i;
/** Class tokens that mark a person card (team grid, leadership page, author box). */
const CARD_CLASS =
  /(?:^|[-_\s])(?:person|people|member|team|staff|employee|profile|bio|leader|leadership|author|speaker|founder|executive|card)s?(?:$|[-_\s])/i;
const NAME_CLASS = /(?:^|[-_\s])(?:name|fullname|full-name)(?:$|[-_\s])/i;
const HEADING = /^H[1-6]$/;

function words(text: string): number {
  return text === "" ? 0 : text.split(" ").length;
}

function looksLikeName(element: DomElement): boolean {
  const text = collapseWhitespace(element.textContent ?? "");
  if (text === "" || text.length > 60 || words(text) > 6 || /[.!?:]$/.test(text)) return false;
  return (
    HEADING.test(element.tagName.toUpperCase()) ||
    NAME_CLASS.test(element.getAttribute("class") ?? "") ||
    element.getAttribute("itemprop") === "name" ||
    /^(?:STRONG|B)$/.test(element.tagName.toUpperCase())
  );
}

function looksLikeRole(element: DomElement): boolean {
  const tag = element.tagName.toUpperCase();
  if (HEADING.test(tag) && tag !== "H4" && tag !== "H5" && tag !== "H6") return false;
  if (element.querySelector("p, div, ul, ol, table, h1, h2, h3") !== null) return false;
  const text = collapseWhitespace(element.textContent ?? "");
  return text !== "" && text.length <= 100 && words(text) <= 14;
}

/** The closest earlier sibling that carries text, skipping photos and empty wrappers. */
function previousTextSibling(element: DomElement): DomElement | null {
  let sibling = element.previousElementSibling;
  while (sibling !== null && collapseWhitespace(sibling.textContent ?? "") === "")
    sibling = sibling.previousElementSibling;
  return sibling;
}

function pair(name: DomElement, role: DomElement): void {
  const nameText = collapseWhitespace(name.textContent ?? "");
  const roleText = collapseWhitespace(role.textContent ?? "");
  if (nameText.includes(roleText)) return;
  name.textContent = `${nameText} — ${roleText}`;
  role.remove();
}

/**
 * Joins each person's name and job title into one line ("Jane Doe — Chief Technology Officer") on
 * team and leadership pages. Cards put them in separate elements, and once text is split into
 * passages a title that drifted away from its name is useless to enrichment. Runs after links were
 * read, because it rewrites the name element's content. Mutates `document`.
 */
export function pairPersonCards(document: DomDocument): void {
  // Microdata states the pairing outright.
  for (const person of toArray(document.querySelectorAll('[itemtype*="schema.org/Person"]'))) {
    const name = person.querySelector('[itemprop="name"]');
    const role = person.querySelector('[itemprop="jobTitle"]');
    if (name !== null && role !== null && name !== role && role.parentNode !== null) pair(name, role);
  }

  // An element classed as a role, right after a name-like element.
  for (const role of toArray(document.querySelectorAll("[class]"))) {
    if (role.parentNode === null || !ROLE_CLASS.test(role.getAttribute("class") ?? "")) continue;
    if (!looksLikeRole(role)) continue;
    const name = previousTextSibling(role);
    if (name !== null && looksLikeName(name)) pair(name, role);
  }

  // A card whose first heading is followed by a short line: the usual "name, then title" grid.
  for (const card of toArray(document.querySelectorAll("[class]"))) {
    if (card.parentNode === null || !CARD_CLASS.test(card.getAttribute("class") ?? "")) continue;
    // One person per card: a section holding several headings is a grid or a page, not a card.
    if (card.querySelectorAll("h1, h2, h3, h4, h5, h6").length > 1) continue;
    if (collapseWhitespace(card.textContent ?? "").length > 1500) continue;
    const name = card.querySelector("h2, h3, h4, h5, h6, [class*=name], strong");
    if (name === null || !looksLikeName(name)) continue;
    let role = name.nextElementSibling;
    while (role !== null && collapseWhitespace(role.textContent ?? "") === "") role = role.nextElementSibling;
    if (role === null || !looksLikeRole(role) || /[.!?]$/.test(collapseWhitespace(role.textContent ?? ""))) continue;
    pair(name, role);
  }
}
