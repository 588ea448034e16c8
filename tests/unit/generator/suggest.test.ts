import { describe, expect, it } from "vitest";
import { closest, editDistance } from "../../../scripts/schema/suggest";

describe("did you mean", () => {
  it("measures edits", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("keeps the closest names only, and nothing when nothing is close", () => {
    expect(closest("inn", ["in", "and", "or"])).toEqual(["in"]);
    expect(closest("Question", ["question", "hint"])).toEqual(["question"]);
    expect(closest("logement", ["menage._logementType", "coloc"])).toEqual([
      "menage._logementType",
    ]);
    expect(closest("zzz", ["in", "and"])).toEqual([]);
  });
});
