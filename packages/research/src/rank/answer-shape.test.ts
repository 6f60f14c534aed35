import { describe, expect, it } from "vitest";
import { questionIntents } from "../plan/question-intents.js";
import { answerShape, countedNoun } from "./answer-shape.js";

describe("countedNoun", () => {
  it("is the plural a count asks for, or the last word before a verb or a preposition", () => {
    expect(countedNoun("How many years does Acme keep the logs?")).toBe("years");
    expect(countedNoun("What is the maximum number of question blocks a survey can have?")).toBe("blocks");
    expect(countedNoun("How many full-time employees does Acme have?")).toBe("employees");
    expect(countedNoun("How many people work at Acme?")).toBe("people");
    expect(countedNoun("How many seat per plan?")).toBe("seat");
    expect(countedNoun("What does Acme charge per month?")).toBeUndefined();
    expect(countedNoun("How many of the offices are in Europe?")).toBeUndefined();
  });
});

describe("answerShape of a count", () => {
  const shapeOf = (question: string) => answerShape("NUMBER", questionIntents(question, "company"), question)!;

  it("takes a number of the thing counted, in digits or words, before or just after it", () => {
    const years = shapeOf("For how many years does Acme keep validation data?");
    expect(years("Logs are held for at least four years.")).toBeTruthy();
    expect(years("Records are kept 7 years.")).toBeTruthy();
    expect(years("Acme was founded years ago by 3 friends.")).toBeFalsy();
    const policies = shapeOf("How many policies does Acme publish?");
    expect(policies("Acme publishes twelve policies.")).toBeTruthy();
    expect(policies("Our policy: one size fits all")).toBeFalsy();
    const variants = shapeOf("What is the maximum number of question blocks?");
    expect(variants("each survey has question blocks (at least two, at most five)")).toBeTruthy();
  });

  it("leaves counts of money to the amount shape", () => {
    const dollars = shapeOf("How many dollars did Acme raise?");
    expect(dollars("Acme raised $5M in 2021.")).toBeTruthy();
  });
});
