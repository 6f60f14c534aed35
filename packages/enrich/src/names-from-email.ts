import { normalizeName } from "./normalize-name.js";

/** Local parts that name a role or a mailbox, not a person. */
const ROLE_MAILBOXES = new Set(
  (
    "info hello hi contact contacts sales support admin administrator office team jobs careers career hr people " +
    "press media pr billing invoices accounts accounting finance security privacy legal compliance noreply " +
    "marketing help mail postmaster webmaster enquiries enquiry inquiries inquiry service services partners " +
    "partnerships founders founder ceo cto team hiring recruiting talent feedback abuse dev developers ops it"
  ).split(" "),
);

/** A name guessed from an e-mail address; either part may be unknown. */
export interface NamesFromEmail {
  firstName: string | null;
  lastName: string | null;
}

/**
 * The name an e-mail address's local part spells, for research (search queries and telling which
 * pages are about the person), never for the enriched record: `sarah.chen@` gives Sarah Chen,
 * `hanna@` gives the first name Hanna, `j.doe@` only the last name Doe. Role mailboxes (`info@`,
 * `sales@`), digits and single letters give nothing.
 */
export function namesFromEmail(email: string | null | undefined): NamesFromEmail {
  const none = { firstName: null, lastName: null };
  const local = email?.split("@")[0]?.split("+")[0]?.toLowerCase() ?? "";
  if (local === "" || /\d/.test(local)) return none;
  const parts = local.split(/[._-]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^\p{L}+$/u.test(part))) return none;
  if (parts.length === 1) {
    const [only] = parts;
    if (!only || only.length < 2 || only.length > 20 || ROLE_MAILBOXES.has(only)) return none;
    return { firstName: normalizeName(only, { part: "first" }), lastName: null };
  }
  const first = parts[0] ?? "";
  const last = parts[parts.length - 1] ?? "";
  if (ROLE_MAILBOXES.has(first) && ROLE_MAILBOXES.has(last)) return none;
  return {
    firstName: first.length >= 2 ? normalizeName(first, { part: "first" }) : null,
    lastName: last.length >= 2 ? normalizeName(last, { part: "last" }) : null,
  };
}
