import { describe, expect, it } from "vitest";
import { withoutMarkup } from "./page-markup.js";

describe("withoutMarkup", () => {
  it.each([
    ["<img src=x onerror=alert(1)>Quokka Quarry press kit<script>alert(2)</script>", "Quokka Quarry press kit"],
    ["Acme <b>Robotics</b> <!-- note --> Inc", "Acme Robotics Inc"],
    ["<style>p { color: red }</style>About us", "About us"],
    ["Prices from a < b and 3 <5 units", "Prices from a < b and 3 <5 units"],
    ["Plain title", "Plain title"],
  ])("reads %j as %j", (text, expected) => {
    expect(withoutMarkup(text)).toBe(expected);
  });
});
