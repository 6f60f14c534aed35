import { type Logger, pino } from "pino";
import { serializeError } from "./serialize-error.js";

/**
 * Paths pino blanks in every log line: secrets and personal data. The code also never logs
 * request bodies or headers; this is the second line of defence.
 */
export const REDACTED_PATHS = [
  "apiKey",
  "key",
  "headers['x-api-key']",
  "headers.authorization",
  "*.apiKey",
  "*.email",
  "*.phone",
  "request.subject.email",
  "request.subject.phone",
  "person.email",
  "person.phone",
];

export function createLogger(service: string, level: string, bindings: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { service, pid: process.pid, ...bindings },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // Errors from Redis carry their command's arguments (results, requests): only its name and key are logged.
    serializers: { err: serializeError },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
