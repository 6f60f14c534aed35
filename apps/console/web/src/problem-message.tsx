import { DossierApiError } from "@dossier/client";

/** What went wrong, for the person at the keyboard: the API's problem with every bad field, or the network error. */
export function ProblemMessage({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof DossierApiError) {
    const fields = error.problem.errors ?? [];
    return (
      <div class="problem" role="alert">
        <strong>{error.problem.title}</strong> ({error.status} <code>{error.code}</code>): {error.problem.detail}
        {fields.length > 0 && (
          <ul>
            {fields.map((field) => (
              <li key={`${field.path}:${field.message}`}>
                <code>{field.path}</code> {field.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <div class="problem" role="alert">
      <strong>The gateway could not be reached.</strong> {error instanceof Error ? error.message : String(error)}
    </div>
  );
}

/** The message of one field in a validation problem, if the problem names it. */
export function fieldErrorOf(error: unknown, path: string): string | undefined {
  if (!(error instanceof DossierApiError)) return undefined;
  return error.problem.errors?.find((entry) => entry.path === path)?.message;
}
