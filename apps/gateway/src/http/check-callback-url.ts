import { isDossierError } from "@dossier/contract";
import { type AddressPolicy, resolveOutboundTarget } from "@dossier/egress";
import { validationProblem } from "./validation-problem.js";

/**
 * Refuses a callback URL Dossier could not deliver to, with a 422 naming `callbackUrl`. A host that
 * is not public and one that does not resolve get the same words, and neither names an address: a
 * difference would tell a caller which internal names exist and what they resolve to.
 */
export async function checkCallbackUrl(callbackUrl: string, policy: AddressPolicy): Promise<void> {
  try {
    await resolveOutboundTarget(callbackUrl, policy);
  } catch (error) {
    if (!isDossierError(error)) throw error;
    const message =
      error.code === "FETCH_BLOCKED_ADDRESS" || error.code === "FETCH_FAILED"
        ? "is not usable: its host is not a public address, or does not resolve"
        : `is not usable: ${error.detail}`;
    throw validationProblem([{ path: "callbackUrl", message }]);
  }
}
