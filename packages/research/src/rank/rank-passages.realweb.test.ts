import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { realwebDirectory } from "@dossier/testing";
import { describe, expect, it } from "vitest";
import { extractPage } from "../gather/extract/index.js";
import { countTokens } from "./count-tokens.js";
import { rankPassages } from "./rank-passages.js";
import { selectWithinBudget } from "./select-within-budget.js";
import { splitPassages } from "./split-passages.js";

const REALWEB = realwebDirectory();
const available = existsSync(join(REALWEB, "pages.json"));
if (!available) console.warn(`Skipping the real-web ranking test: ${REALWEB} is absent.`);

function passagesOf(hosts: string[]) {
  const index = JSON.parse(readFileSync(join(REALWEB, "pages.json"), "utf8")) as Record<
    string,
    Array<{ path: string }>
  >;
  return hosts.flatMap((host) =>
    (index[host] ?? []).flatMap(({ path }) => {
      const file = join(REALWEB, host, ...path.split("/").filter(Boolean), "index.html");
      if (!existsSync(file)) return [];
      return splitPassages(
        extractPage({ url: `https://${host}${path}`, contentType: "text/html", text: readFileSync(file, "utf8") }),
      );
    }),
  );
}

describe.skipIf(!available)("ranking real pages", () => {
  it("finds who the CTO of Sourcegraph is among the handbook's passages", () => {
    const passages = passagesOf(["handbook.sourcegraph.com", "sourcegraph.com"]);
    const ranked = rankPassages(passages, {
      question: "Who is the CTO of Sourcegraph?",
      subjectTerms: ["Sourcegraph"],
    });
    const selected = selectWithinBudget(ranked, { maxTokens: 1500 });
    expect(selected.slice(0, 3).some((passage) => passage.text.includes("Beyang Liu — CTO"))).toBe(true);
    expect(selected.reduce((sum, passage) => sum + countTokens(passage.text), 0)).toBeLessThanOrEqual(1500);
  });

  it("finds when Plausible was started, across pages, within the budget", () => {
    const passages = passagesOf(["plausible.io"]);
    const ranked = rankPassages(passages, {
      question: "When did Uku Taht start Plausible?",
      subjectTerms: ["Plausible", "Uku Taht"],
    });
    const selected = selectWithinBudget(ranked, { maxTokens: 2000 });
    expect(
      selected.slice(0, 5).some((passage) => passage.text.includes("Uku Taht started Plausible in December 2018")),
    ).toBe(true);
    expect(new Set(selected.map((passage) => passage.url)).size).toBeGreaterThan(2);
  });
});
