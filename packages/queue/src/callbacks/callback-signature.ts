import { createHmac, timingSafeEqual } from "node:crypto";

/** The header that carries a callback's signature. */
export const CALLBACK_SIGNATURE_HEADER = "Dossier-Signature";

/**
 * Signs a callback body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the key's secret>`.
 * The timestamp is inside the signed text, so a captured delivery cannot be replayed later with a
 * new time.
 */
export function signCallback(
  secret: string,
  body: string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`, "utf8").digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}

/**
 * Checks a `Dossier-Signature` header against the raw body: the HMAC must match (compared in
 * constant time) and the timestamp be within `toleranceSeconds` of now (default 300).
 */
export function verifyCallbackSignature(
  secret: string,
  body: string,
  header: string | undefined,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const presented = parts.get("v1");
  if (!Number.isInteger(timestamp) || !presented || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signCallback(secret, body, timestamp).split("v1=")[1]!, "hex");
  const given = Buffer.from(presented, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
