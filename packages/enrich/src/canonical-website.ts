import { cleanText } from "./is-filler.js";

const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A company website as `https://host`, or null when `raw` is not a public website address.
 *
 * Accepts full URLs and bare domains ("acme.com", "www.Acme.com/about", "//acme.com"). The host is
 * lowercased, in its ASCII (punycode) form, without a leading "www." or trailing dot. Path, query,
 * fragment and any port are dropped and the scheme is always https: the result names the site, not
 * a page on it. Rejected: schemes other than http and https, URLs carrying credentials, IP
 * addresses, and hosts without a dot or with a top-level label that is not alphabetic.
 */
export function canonicalWebsite(raw: string | null | undefined): string | null {
  const text = cleanText(raw);
  if (text === null || /\s/.test(text)) return null;
  let candidate: string;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) candidate = text;
  else if (text.startsWith("//")) candidate = `https:${text}`;
  else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return null;
  else candidate = `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username !== "" || url.password !== "") return null;
  const host = url.hostname.replace(/\.$/, "").replace(/^www\./, "");
  if (host.startsWith("[") || /^[0-9.]+$/.test(host)) return null;
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) return null;
  if (!TOP_LEVEL_LABEL.test(labels.at(-1)!)) return null;
  return `https://${host}`;
}
