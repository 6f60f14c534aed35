import type { DomDocument } from "./dom.js";
import { collapseWhitespace, toArray } from "./dom.js";
import { jsonLdTypes } from "./parse-json-ld.js";

/** Page-level metadata read from meta tags, JSON-LD and a few well-known elements. */
export interface PageMetadata {
  /** Best title; null when the page has none. */
  title: string | null;
  /** Meta description or og:description. */
  description: string | null;
  /** og:site_name, application-name or the JSON-LD Organization/WebSite name. */
  siteName: string | null;
  /** ISO date or date-time of publication. */
  publishedAt: string | null;
  /** ISO date or date-time of the last change. */
  modifiedAt: string | null;
  /** Language tag. */
  language: string | null;
}

type JsonObject = Record<string, unknown>;

const ARTICLE_TYPES = /Article|BlogPosting|NewsArticle|Report|WebPage|CreativeWork|JobPosting|Posting/;

type MetaTags = Map<string, string>;

/** Meta tag contents by lower-cased property, name, itemprop or http-equiv; first one wins. */
function readMetaTags(document: DomDocument): MetaTags {
  const tags: MetaTags = new Map();
  for (const element of toArray(document.querySelectorAll("meta[content]"))) {
    const content = collapseWhitespace(element.getAttribute("content") ?? "");
    if (content === "") continue;
    for (const attribute of ["property", "name", "itemprop", "http-equiv"]) {
      const key = element.getAttribute(attribute)?.trim().toLowerCase();
      if (key !== undefined && key !== "" && !tags.has(key)) tags.set(key, content);
    }
  }
  return tags;
}

function meta(tags: MetaTags, ...keys: string[]): string | null {
  for (const key of keys) {
    const content = tags.get(key.toLowerCase());
    if (content !== undefined) return content;
  }
  return null;
}

function stringField(objects: readonly JsonObject[], field: string, types?: RegExp): string | null {
  for (const object of objects) {
    if (types !== undefined && !jsonLdTypes(object).some((type) => types.test(type))) continue;
    const value = object[field];
    if (typeof value === "string" && value.trim() !== "") return collapseWhitespace(value);
  }
  return null;
}

/**
 * Normalises a date to ISO 8601: a bare calendar date stays `YYYY-MM-DD` (its time zone is
 * unknown, so converting it to UTC could move it a day); anything with a time becomes UTC.
 */
export function toIsoDate(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dateOnly !== null) {
    const month = Number(dateOnly[2]);
    const day = Number(dateOnly[3]);
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? text : null;
  }
  if (!/\d{4}/.test(text)) return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const year = new Date(time).getUTCFullYear();
  if (year < 1900 || year > 2200) return null;
  return new Date(time).toISOString();
}

function stripSiteSuffix(title: string, siteName: string | null): string {
  const parts = title.split(/\s+[|–—·•]\s+|\s+-\s+/);
  if (parts.length < 2) return title;
  const last = parts[parts.length - 1] ?? "";
  if (siteName !== null && last.toLowerCase() === siteName.toLowerCase()) {
    return parts.slice(0, -1).join(" | ");
  }
  return title;
}

/** Reads title, description, site name, dates and language of a parsed HTML page. */
export function readMetadata(document: DomDocument, jsonLd: readonly JsonObject[]): PageMetadata {
  const tags = readMetaTags(document);
  const organizationName = stringField(jsonLd, "name", /^(?:Organization|Corporation|WebSite|NewsMediaOrganization)$/);
  const siteName = meta(tags, "og:site_name", "application-name") ?? organizationName;

  const documentTitle = collapseWhitespace(document.querySelector("title")?.textContent ?? "");
  const heading = collapseWhitespace(document.querySelector("h1")?.textContent ?? "");
  const title =
    meta(tags, "og:title", "twitter:title") ??
    stringField(jsonLd, "headline") ??
    (documentTitle !== "" ? stripSiteSuffix(documentTitle, siteName) : null) ??
    (heading !== "" ? heading : null);

  const timeElement = document.querySelector("time[datetime]");
  const publishedAt =
    toIsoDate(stringField(jsonLd, "datePublished", ARTICLE_TYPES)) ??
    toIsoDate(stringField(jsonLd, "datePublished")) ??
    toIsoDate(meta(tags, "article:published_time", "datePublished", "date", "pubdate", "DC.date.issued", "dc.date")) ??
    toIsoDate(timeElement?.getAttribute("datetime"));
  const modifiedAt =
    toIsoDate(stringField(jsonLd, "dateModified")) ??
    toIsoDate(meta(tags, "article:modified_time", "og:updated_time", "dateModified", "last-modified"));

  const languageTag =
    collapseWhitespace(document.documentElement?.getAttribute("lang") ?? "") ||
    meta(tags, "content-language") ||
    meta(tags, "og:locale");
  // Content-Language may list several tags and og:locale writes en_US: keep the first, hyphenated.
  const language = languageTag ? languageTag.split(",")[0]!.trim().replace(/_/g, "-") || null : null;

  return {
    title,
    description: meta(tags, "description", "og:description", "twitter:description"),
    siteName,
    publishedAt,
    modifiedAt,
    language,
  };
}
