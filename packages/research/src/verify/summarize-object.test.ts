import { readOutputSchema } from "@dossier/contract";
import { describe, expect, it } from "vitest";
import { summarizeObject } from "./summarize-object.js";

const read = readOutputSchema({
  type: "object",
  properties: {
    hq: { type: "string" },
    founded: { type: "integer" },
    raisedUsd: { type: "number" },
    soc2: { type: "boolean" },
    address: { type: "object", properties: { city: { type: "string" }, country: { type: "string" } } },
    clouds: { type: "array", items: { enum: ["AWS", "GCP", "Azure"] } },
    leaders: {
      type: "array",
      items: { type: "object", properties: { name: { type: "string" }, title: { type: "string" } } },
    },
  },
});
if (!read.ok) throw new Error(JSON.stringify(read.errors));

describe("summarizeObject", () => {
  it("puts the stated values on one line in the schema's order, and names the fields not stated", () => {
    const line = summarizeObject(
      read.schema,
      {
        hq: "Boston",
        founded: 2016,
        raisedUsd: 142000000,
        soc2: true,
        address: { city: "Boston", country: null },
        clouds: ["AWS", "Azure"],
        leaders: [
          { name: "Dana Whitfield", title: "Chief Executive Officer" },
          { name: "Ian Porter", title: null },
        ],
      },
      ["address.country"],
    );
    expect(line).toBe(
      "hq: Boston; founded: 2016; raisedUsd: 142,000,000; soc2: yes; address.city: Boston; clouds: AWS, Azure; " +
        "leaders: Dana Whitfield (Chief Executive Officer) | Ian Porter; not stated: address.country",
    );
  });

  it("is null when nothing is stated, and never longer than 500 characters", () => {
    const empty = { hq: null, founded: null, raisedUsd: null, soc2: null, address: { city: null, country: null } };
    expect(summarizeObject(read.schema, { ...empty, clouds: null, leaders: null }, ["hq"])).toBeNull();
    const long = summarizeObject(read.schema, { ...empty, hq: "x ".repeat(400) }, []);
    expect(long?.length).toBe(500);
    expect(long?.endsWith("…")).toBe(true);
  });
});
