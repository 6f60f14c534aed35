import { describe, expect, it } from "vitest";
import { type Route, RouteTable, route } from "./route-table.js";

const noop = () => {};
const table = new RouteTable([
  route("POST", "/v1/batches", noop),
  route("GET", "/v1/batches/:id", noop),
  route("POST", "/v1/batches/:id/cancel", noop),
  route("GET", "/v1/batches/:id/results", noop),
  route("GET", "/healthz", noop),
] satisfies Route[]);

describe("RouteTable", () => {
  it.each([
    ["/v1/batches", "/v1/batches", ["POST"]],
    ["/v1/batches/b-1", "/v1/batches/:id", ["GET"]],
    ["/v1/batches/b-1/results", "/v1/batches/:id/results", ["GET"]],
    ["/v1/batches/b-1/cancel", "/v1/batches/:id/cancel", ["POST"]],
    ["/healthz", "/healthz", ["GET"]],
  ])("finds %s under %s with its methods", (path, pattern, methods) => {
    expect(table.find(path)).toEqual({ pattern, methods });
  });

  it("knows nothing of other paths", () => {
    expect(table.find("/v1/batches/b-1/other")).toBeUndefined();
    expect(table.find("/nowhere")).toBeUndefined();
  });

  it("matches a path with a malformed escape without throwing", () => {
    expect(table.find("/v1/batches/%ZZ")).toEqual({ pattern: "/v1/batches/:id", methods: ["GET"] });
  });
});
