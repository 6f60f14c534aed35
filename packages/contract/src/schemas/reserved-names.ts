/**
 * Names that do not round-trip as a plain JavaScript object's keys: `__proto__` sets the object's
 * prototype instead of a field (the field vanishes), and the names `Object.prototype` already has
 * (`constructor`, `toString`, `hasOwnProperty`, ...) read as functions where a field is missing.
 * Caller-chosen keys (output schema properties, metadata) may not be one of them.
 */
export function isReservedName(name: string): boolean {
  return name === "prototype" || Object.hasOwn(Object.prototype, name);
}

/** What a refusal of a reserved name says. */
export const RESERVED_NAME_MESSAGE =
  "is a reserved name (__proto__, constructor, prototype and the other names every JavaScript object has); choose another";
