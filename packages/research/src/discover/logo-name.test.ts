import { describe, expect, it } from "vitest";
import { hostName, nameFromLabel } from "./logo-name.js";

describe("nameFromLabel", () => {
  it.each([
    ["Acme Robotics", "Acme Robotics"],
    ["Acme Robotics logo", "Acme Robotics"],
    ["Logo of Acme Robotics", "Acme Robotics"],
    ["logo: Globex", "Globex"],
    ["Initech (logo)", "Initech"],
    ["Hooli company logo", "Hooli"],
    ["Photo of Jane Doe", "Jane Doe"],
    ["stripe", "stripe"],
    ["easyDNS", "easyDNS"],
    ["Bill & Melinda Gates Foundation", "Bill & Melinda Gates Foundation"],
    ["Banco de la Nación", "Banco de la Nación"],
    ["Getty Images", "Getty Images"],
    ["logo", null],
    ["Sponsor logo", null],
    ["logo.png", null],
    ["/img/sponsors/acme.svg", null],
    ["acme-final-2x.webp", null],
    ["Audience segmentation in the Quillon Analytics dashboard", null],
    ["A funnel report filtered by country", null],
    ["npm version", null],
    ["", null],
    [null, null],
  ])("%s gives %s", (label, name) => {
    expect(nameFromLabel(label)).toBe(name);
  });
});

describe("hostName", () => {
  it("names a site by its host, without www", () => {
    expect(hostName("https://www.Delta.example")).toBe("delta.example");
    expect(hostName("http://kestrel-security.test")).toBe("kestrel-security.test");
  });
});
