import * as z from "zod";

/** Longest accepted question, in characters. */
export const MAX_QUESTION_LENGTH = 2_000;
/** Longest accepted free-text context, in characters. */
export const MAX_CONTEXT_LENGTH = 10_000;
/** Longest accepted short text field (names, titles, locations), in characters. */
export const MAX_FIELD_LENGTH = 300;
/** Largest `maxAgeSeconds` a request may give: a year. */
export const MAX_AGE_SECONDS = 31_536_000;
/** Most options a request may offer. */
export const MAX_RESPONSE_OPTIONS = 50;

/**
 * Control (Unicode Cc) and format (Cf) characters: NUL and the other C0 and C1 controls, zero-width
 * spaces and joiners, bidi marks, embeddings, overrides and isolates, the byte order mark, soft
 * hyphens. They are invisible, so a value holding them reads as something other than it is: a
 * name of zero-width spaces looks given, a bidi override reverses what follows it. Tab, line feed,
 * vertical tab, form feed and carriage return are whitespace and stay, for trimming to handle.
 */
const INVISIBLE_CHARACTERS = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}]/gu;

/** `value` without control and format characters ({@link INVISIBLE_CHARACTERS}); every text field goes through it first. */
export function withoutInvisibleCharacters(value: string): string {
  return value.replace(INVISIBLE_CHARACTERS, "");
}

const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** A short optional text; `null`, `""` and text of invisible characters only mean "not given". */
export function optionalText(maxLength = MAX_FIELD_LENGTH) {
  return z.string().overwrite(withoutInvisibleCharacters).trim().max(maxLength).nullish();
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value) && value.length <= 254;
}

export const optionalEmail = z
  .string()
  .overwrite(withoutInvisibleCharacters)
  .trim()
  .max(254)
  .refine((value) => value === "" || isEmail(value), "must be an e-mail address such as jane@example.com")
  .nullish();

export const optionalPhone = z
  .string()
  .overwrite(withoutInvisibleCharacters)
  .trim()
  .max(40)
  .refine(
    (value) =>
      value === "" ||
      (/^[0-9+()\-./\s]*(?:(?:ext|x)\.?\s*\d+)?$/i.test(value) && (value.match(/\d/g)?.length ?? 0) >= 5),
    "must be a telephone number (digits with optional +, spaces, dashes, dots or brackets)",
  )
  .nullish();

/**
 * Why a web address is plainly unusable, or null when it may be fetched. Bare domains such as
 * `acme.com` are accepted (https is assumed). Addresses that pass here can still be refused by the
 * worker's fetcher after DNS resolution; that is reported in `details`, not as an error.
 */
export function webAddressProblem(value: string): string | null {
  // A colon followed by a digit is a port ("acme.com:8443"), not a scheme, as in canonicalWebsite.
  const withScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return "must be a web address such as https://example.com";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must use http or https";
  if (url.username !== "" || url.password !== "") return "must not contain credentials";
  const host = url.hostname;
  if (isPrivateLiteralHost(host)) return "must not name a private, loopback or link-local address";
  if (!host.includes(".") && !host.startsWith("[")) return "must name a public host such as example.com";
  return null;
}

function isPrivateLiteralHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (host.startsWith("[")) {
    const inner = host.slice(1, -1).toLowerCase();
    // Unspecified, loopback, IPv4-compatible and IPv4-mapped (all start "::"), NAT64, unique-local, link-local.
    return inner.startsWith("::") || inner.startsWith("64:ff9b:") || /^f[cd]/.test(inner) || /^fe[89ab]/.test(inner);
  }
  return false;
}

export function optionalWebAddress(maxLength = 2_048) {
  return z
    .string()
    .overwrite(withoutInvisibleCharacters)
    .trim()
    .max(maxLength)
    .superRefine((value, context) => {
      if (value === "") return;
      const problem = webAddressProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .nullish();
}
