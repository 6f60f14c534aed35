import { domainToASCII } from "node:url";
import { getDomain } from "tldts";
import { isDisposableDomain, isFreeMailDomain } from "./email-domain-lists.js";
import { cleanText } from "./is-filler.js";

/** An e-mail address in canonical form and what its domain is. */
export interface NormalizedEmail {
  /** The address, trimmed and lowercased, with an ASCII (punycode) domain; null when invalid. */
  email: string | null;
  /** The part after "@", lowercased ASCII; null when the address is invalid. */
  domain: string | null;
  /**
   * The domain an organization registered, one label below the public suffix (Public Suffix List,
   * private section included): `acme.com` for `jane@us.acme.com`, `acme.co.uk` for
   * `jane@mail.acme.co.uk`, `acme.github.io` for `jane@acme.github.io`. `domain` itself when that
   * is a public suffix; null when the address is invalid.
   */
  registrableDomain: string | null;
  /** The domain is a free mail provider (gmail.com, gmx.de, ...). Independent of `isDisposable`. */
  isFreeMail: boolean;
  /** The domain hands out throwaway addresses (mailinator.com, ...). */
  isDisposable: boolean;
}

const INVALID: NormalizedEmail = Object.freeze({
  email: null,
  domain: null,
  registrableDomain: null,
  isFreeMail: false,
  isDisposable: false,
});

/** RFC 5322 dot-atom: atext runs separated by single dots, no leading or trailing dot. */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * An e-mail address checked against a practical subset of RFC 5322 and classified by domain.
 *
 * Accepted: a dot-atom local part of at most 64 characters, "@", and a domain name of at least two
 * labels with an alphabetic (or punycode) top-level label; at most 254 characters in all. Quoted
 * local parts, comments and IP-literal domains are rejected, as real people's addresses do not use
 * them. A "mailto:" prefix and "Name <address>" wrapping are removed; the whole address is
 * lowercased and an internationalized domain is converted to punycode.
 */
export function normalizeEmail(raw: string | null | undefined): NormalizedEmail {
  let text = cleanText(raw);
  if (text === null) return INVALID;
  const bracketed = /<([^<>]+)>\s*$/.exec(text);
  if (bracketed) text = bracketed[1]!.trim();
  text = text.replace(/^mailto:/i, "").toLowerCase();
  const at = text.lastIndexOf("@");
  if (at <= 0) return INVALID;
  const localPart = text.slice(0, at);
  const domain = toAsciiDomain(text.slice(at + 1));
  if (domain === null || localPart.length > 64 || !LOCAL_PART.test(localPart)) return INVALID;
  const email = `${localPart}@${domain}`;
  if (email.length > 254) return INVALID;
  return {
    email,
    domain,
    registrableDomain: getDomain(domain, { allowPrivateDomains: true }) ?? domain,
    isFreeMail: isFreeMailDomain(domain),
    isDisposable: isDisposableDomain(domain),
  };
}

function toAsciiDomain(text: string): string | null {
  const trimmed = text.endsWith(".") ? text.slice(0, -1) : text;
  // domainToASCII returns "" for anything that is not a valid domain name.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII, control characters included
  const ascii = /^[\x00-\x7f]*$/.test(trimmed) ? trimmed : domainToASCII(trimmed);
  if (ascii === "" || ascii.length > 253) return null;
  const labels = ascii.split(".");
  if (labels.length < 2) return null;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  return TOP_LEVEL_LABEL.test(labels.at(-1)!) ? ascii : null;
}
