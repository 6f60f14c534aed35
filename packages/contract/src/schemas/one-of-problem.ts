/** What a value is taken for when it names an allowed value in other words (`boolean` for `BOOL`). */
export type Synonyms = Readonly<Record<string, string>>;

/**
 * The problem of a value outside `allowed`: the allowed values, and the one it most likely meant
 * (the same letters in another case, a synonym, or one starting the other such as `bool` and
 * `BOOLEAN`). Only a short string input is echoed back.
 */
export function oneOfProblem(allowed: readonly string[], input: unknown, synonyms: Synonyms = {}): string {
  const listed = `must be one of ${allowed.join(", ")}`;
  if (typeof input !== "string" || input.trim() === "" || input.length > 40) return listed;
  const given = input.trim().toLowerCase();
  const meant =
    allowed.find((value) => value.toLowerCase() === given) ??
    synonyms[given] ??
    allowed.find((value) => {
      const candidate = value.toLowerCase();
      return (
        Math.min(candidate.length, given.length) >= 3 && (given.startsWith(candidate) || candidate.startsWith(given))
      );
    });
  const refused = `${listed}, not ${JSON.stringify(input)}`;
  return meant ? `${refused}; did you mean ${meant}?` : refused;
}
