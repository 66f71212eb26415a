import { lessonGroups } from "@ysp/content/lessons";
import { describe, expect, it } from "vitest";
import { interleave } from "./interleave.ts";
import { lessonCards } from "./lesson-cards.ts";

describe("interleave", () => {
  it("takes one item from each list in turn until all are used", () => {
    expect(interleave([["a1", "a2", "a3"], ["b1"], ["c1", "c2"]])).toEqual([
      "a1",
      "b1",
      "c1",
      "a2",
      "c2",
      "a3",
    ]);
  });

  it("handles empty input and empty lists", () => {
    expect(interleave([])).toEqual([]);
    expect(interleave([[], ["x"]])).toEqual(["x"]);
  });

  it("keeps falsy items", () => {
    expect(interleave([[0, 2], [1]])).toEqual([0, 1, 2]);
  });
});

describe("lesson cards", () => {
  it("uses all 15 videos, cycling Government, Chemistry, Accounting", () => {
    const cards = lessonCards(lessonGroups);
    expect(cards).toHaveLength(15);
    expect(cards.slice(0, 6).map((c) => c.subject)).toEqual([
      "Government",
      "Chemistry",
      "Accounting",
      "Government",
      "Chemistry",
      "Accounting",
    ]);
    expect(cards.slice(12).map((c) => c.subject)).toEqual(["Government", "Chemistry", "Chemistry"]);
    expect(new Set(cards.map((c) => c.key)).size).toBe(15);
  });
});
