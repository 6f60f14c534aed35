import { describe, expect, it } from "vitest";
import { type AnswerValue, type FormattedAnswer, formatAnswer } from "./format-answer.js";
import { type ResponseType, responseTypes } from "./response-type.js";

const choices = ["SaaS", "Hardware", "Consulting"];

const cases: Array<[ResponseType, AnswerValue, readonly string[], FormattedAnswer | null]> = [
  // type, value, options, expected
  ["TEXT", "Payments infrastructure", [], { answerText: "Payments infrastructure", answerNumber: null }],
  ["TEXT", "  padded answer \n", [], { answerText: "padded answer", answerNumber: null }],
  ["TEXT", "   ", [], null],
  ["TEXT", "", [], null],
  ["TEXT", 42, [], null],
  ["TEXT", true, [], null],
  ["TEXT", ["a"], [], null],
  ["BOOL", true, [], { answerText: "true", answerNumber: 1 }],
  ["BOOL", false, [], { answerText: "false", answerNumber: 0 }],
  ["BOOL", "true", [], null],
  ["BOOL", 1, [], null],
  ["NUMBER", 1250, [], { answerText: "1,250", answerNumber: 1250 }],
  ["NUMBER", 0, [], { answerText: "0", answerNumber: 0 }],
  ["NUMBER", -3.5, [], { answerText: "-3.5", answerNumber: -3.5 }],
  ["NUMBER", 1_500_000.25, [], { answerText: "1,500,000.25", answerNumber: 1_500_000.25 }],
  ["NUMBER", Number.NaN, [], null],
  ["NUMBER", Number.POSITIVE_INFINITY, [], null],
  ["NUMBER", "1250", [], null],
  ["DATE", "2019", [], { answerText: "2019", answerNumber: null }],
  ["DATE", "2019-03", [], { answerText: "2019-03", answerNumber: null }],
  ["DATE", "2019-03-14", [], { answerText: "2019-03-14", answerNumber: null }],
  ["DATE", "2024-02-29", [], { answerText: "2024-02-29", answerNumber: null }],
  ["DATE", "2023-02-29", [], null],
  ["DATE", "2023-04-31", [], null],
  ["DATE", "2019-13", [], null],
  ["DATE", "2019-00", [], null],
  ["DATE", "2019-03-00", [], null],
  ["DATE", "2019-3-14", [], null],
  ["DATE", "14.03.2019", [], null],
  ["DATE", "March 2019", [], null],
  ["DATE", "2019-03-14T10:00:00Z", [], null],
  ["DATE", 2019, [], null],
  ["URL", "https://acme.com/security", [], { answerText: "https://acme.com/security", answerNumber: null }],
  ["URL", "http://acme.com", [], { answerText: "http://acme.com", answerNumber: null }],
  ["URL", "acme.com/security", [], null],
  ["URL", "ftp://acme.com/file", [], null],
  ["URL", "javascript:alert(1)", [], null],
  ["URL", "not a url", [], null],
  ["URL", 5, [], null],
  ["OPTION", "SaaS", choices, { answerText: "SaaS", answerNumber: 0 }],
  ["OPTION", "Consulting", choices, { answerText: "Consulting", answerNumber: 2 }],
  ["OPTION", "Retail", choices, null],
  ["OPTION", "saas", choices, null],
  ["OPTION", 1, choices, null],
  ["OPTION", ["SaaS"], choices, null],
  ["OPTIONS", ["Consulting", "SaaS"], choices, { answerText: JSON.stringify(["SaaS", "Consulting"]), answerNumber: 2 }],
  ["OPTIONS", ["Hardware"], choices, { answerText: JSON.stringify(["Hardware"]), answerNumber: 1 }],
  ["OPTIONS", [], choices, { answerText: "[]", answerNumber: 0 }],
  ["OPTIONS", ["SaaS", "SaaS"], choices, { answerText: JSON.stringify(["SaaS"]), answerNumber: 1 }],
  ["OPTIONS", ["SaaS", "Retail"], choices, null],
  ["OPTIONS", "SaaS", choices, null],
];

describe("formatAnswer", () => {
  it.each(cases)("%s %j (options %j) -> %j", (type, value, options, expected) => {
    expect(formatAnswer(type, value, options)).toEqual(expected);
  });

  it.each(responseTypes.map((type) => [type]))("%s carries null as 'the evidence does not say'", (type) => {
    expect(formatAnswer(type, null, choices)).toEqual({ answerText: null, answerNumber: null });
  });

  it("carries an OPTIONS answer as a JSON array a caller can parse back", () => {
    const options = ['Say "yes"', "a, b", "ISO 27001"];
    const formatted = formatAnswer("OPTIONS", [options[2]!, options[0]!], options);
    expect(formatted).not.toBeNull();
    expect(JSON.parse(formatted!.answerText!)).toEqual([options[0], options[2]]);
  });

  it("refuses an OPTION when no options were offered", () => {
    expect(formatAnswer("OPTION", "SaaS")).toBeNull();
  });
});
