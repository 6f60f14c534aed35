import { DossierError, type FieldError } from "@dossier/contract";

/** The 422 of a research request with bad fields; also the problem of a bad batch item. */
export function validationProblem(errors: FieldError[]): DossierError {
  return new DossierError("REQUEST_VALIDATION_FAILED", {
    detail: `The request has ${errors.length} invalid field${errors.length === 1 ? "" : "s"}: ${[...new Set(errors.map((error) => error.path))].join(", ")}.`,
    errors,
  });
}
