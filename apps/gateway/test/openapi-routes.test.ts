import { type Harness, startHarness, TEST_API_KEY } from "@dossier/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => harness?.stop());

describe("the OpenAPI document and the routes", () => {
  it("document no operation the gateway does not route", async () => {
    const document = (await (await fetch(`${harness.stack.baseUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining([
        "POST /v1/lists",
        "GET /v1/lists/{id}",
        "GET /v1/lists/{id}/items",
        "GET /v1/lists/{id}/events",
        "POST /v1/lists/{id}/cancel",
        "POST /v1/lists/{id}/extend",
      ]),
    );
    for (const { path, method } of operations) {
      // An id nobody has: a routed operation answers its own 404 (or 422 for the empty body), never "no such route".
      const response = await fetch(`${harness.stack.baseUrl}${path.replace(/\{[^}]+\}/g, "l-nobody-has-this")}`, {
        method,
        headers: { "x-api-key": TEST_API_KEY, "content-type": "application/json" },
        ...(method === "POST" ? { body: "{}" } : {}),
      });
      const text = await response.text();
      const code = response.headers.get("content-type")?.includes("problem+json")
        ? (JSON.parse(text) as { code?: string }).code
        : undefined;
      expect(code, `${method} ${path}`).not.toBe("ROUTE_NOT_FOUND");
      expect(code, `${method} ${path}`).not.toBe("METHOD_NOT_ALLOWED");
    }
  });
});
