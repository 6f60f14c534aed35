import { describe, expect, it } from "vitest";
import { validateWatchRequest } from "./validate-watch.js";
import { parseWatchEvery } from "./watch-every.js";

const research = {
  type: "company",
  request: { question: "How many employees?", responseType: "NUMBER", company: { name: "Acme" } },
};

describe("parseWatchEvery", () => {
  it.each([
    ["1h", 3_600],
    ["90m", 5_400],
    ["6h", 21_600],
    [" 1d ", 86_400],
    ["2w", 1_209_600],
    ["30d", 2_592_000],
    ["720H", 2_592_000],
  ])("reads %j as %d seconds", (value, seconds) => {
    expect(parseWatchEvery(value)).toBe(seconds);
  });

  it.each(["59m", "31d", "5w", "0h", "1.5h", "1 day", "PT1H", "", "h"])("refuses %j", (value) => {
    expect(parseWatchEvery(value)).toBeNull();
  });
});

describe("validateWatchRequest", () => {
  it("accepts a research request and normalizes it", () => {
    const result = validateWatchRequest({ request: research, every: "1d", metadata: { crm: "42" } });
    expect(result).toMatchObject({
      ok: true,
      watch: {
        target: { type: "research", kind: "company", request: { question: "How many employees?", kind: "company" } },
        every: "1d",
        everySeconds: 86_400,
        callbackUrl: null,
        metadata: { crm: "42" },
      },
    });
  });

  it("accepts a list id as the target", () => {
    expect(validateWatchRequest({ list: "l-123", every: "6h" })).toMatchObject({
      ok: true,
      watch: { target: { type: "list", listId: "l-123" } },
    });
  });

  it("names every bad field at once, the research request's under request.request", () => {
    const result = validateWatchRequest({
      request: { type: "company", request: { question: "", company: {} } },
      every: "10m",
      colour: "red",
    });
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.errors.map((error) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining(["colour", "every", "request.request.question", "request.request.company"]),
    );
  });

  it("says what every takes", () => {
    const result = validateWatchRequest({ request: research, every: "45m" });
    expect(result).toEqual({
      ok: false,
      errors: [{ path: "every", message: expect.stringMatching(/from 1h to 30d.*not "45m"/) }],
    });
  });

  it("needs a request or a list, and not both", () => {
    expect(validateWatchRequest({ every: "1h" })).toMatchObject({ ok: false, errors: [{ path: "request" }] });
    expect(validateWatchRequest({ every: "1h", request: research, list: "l-1" })).toMatchObject({
      ok: false,
      errors: [{ path: "list" }],
    });
    expect(validateWatchRequest({ request: research })).toMatchObject({
      ok: false,
      errors: [{ path: "every", message: "is required" }],
    });
  });

  it("refuses a type other than company or person, and metadata inside the research request", () => {
    expect(validateWatchRequest({ every: "1h", request: { ...research, type: "org" } })).toMatchObject({
      ok: false,
      errors: [{ path: "request.type" }],
    });
    expect(
      validateWatchRequest({
        every: "1h",
        request: { ...research, request: { ...research.request, metadata: { a: "b" } } },
      }),
    ).toMatchObject({ ok: false, errors: [{ path: "request.request.metadata" }] });
  });
});
