import { DossierApiError } from "@dossier/client";
import { useState } from "preact/hooks";
import { TextField } from "./fields.js";
import { ProblemMessage } from "./problem-message.js";
import { clientFor } from "./session.js";

/** Sign in with an API key: it is checked against the gateway, then kept in this tab's session storage only. */
export function SignInView({
  onSignedIn,
  notice,
}: {
  onSignedIn: (apiKey: string) => void;
  notice?: string | undefined;
}) {
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [checking, setChecking] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const key = apiKey.trim();
    if (!key) {
      setError(new Error("Enter your API key."));
      return;
    }
    setChecking(true);
    try {
      await clientFor(key).listBatches({ limit: 1 }, { maxRetries: 0 });
      onSignedIn(key);
    } catch (caught) {
      setError(caught);
    } finally {
      setChecking(false);
    }
  };

  const keyError =
    error instanceof DossierApiError && error.status === 401
      ? "This key is not valid, or it was revoked."
      : error instanceof Error && !(error instanceof DossierApiError)
        ? error.message
        : undefined;

  return (
    <main id="main" class="sign-in">
      <h1>Dossier console</h1>
      <p>Research companies and people from evidence on the web, with sources and a confidence.</p>
      {notice && <p class="notice">{notice}</p>}
      <form onSubmit={submit} aria-label="Sign in" noValidate>
        <TextField
          id="api-key"
          label="API key"
          type="password"
          autoComplete="off"
          hint="Kept in this browser tab only, until you sign out or close it."
          value={apiKey}
          onValue={setApiKey}
          required
          error={keyError}
        />
        {error instanceof DossierApiError && error.status !== 401 && <ProblemMessage error={error} />}
        <div class="actions">
          <button type="submit" disabled={checking}>
            {checking ? "Checking…" : "Sign in"}
          </button>
        </div>
      </form>
    </main>
  );
}
