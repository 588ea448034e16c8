import { describe, expect, it } from "vitest";
import {
  addChild,
  childIds,
  defaultChildFirstName,
  removeChild,
  writeAnswer,
} from "../../../src/domain";
import { lyon } from "../../fixtures/situations";
import { a } from "./fixtures";

describe("writeAnswer", () => {
  it("replaces the answer with the same entity, id and field", () => {
    const answers = writeAnswer(
      [a("demandeur.activite", "etudiant")],
      a("demandeur.activite", "salarie"),
    );
    expect(answers).toEqual([a("demandeur.activite", "salarie")]);
  });

  it("records nothing when the value equals the stored one", () => {
    const answers = [a("menage.depcom", lyon)];
    const same = writeAnswer(answers, a("menage.depcom", { ...lyon }));
    expect(same).toBe(answers);
  });

  it("keeps answers of other people apart", () => {
    const answers = writeAnswer([a("demandeur.handicap", true)], a("conjoint.handicap", false));
    expect(answers).toHaveLength(2);
  });
});

describe("children", () => {
  it("takes the first unused enfant_N and names it with the ordinal phrase", () => {
    let { answers, id } = addChild([]);
    expect(id).toBe("enfant_0");
    ({ answers, id } = addChild(answers));
    expect(id).toBe("enfant_1");
    expect(answers).toContainEqual(a("enfant_1._firstName", "votre 2e enfant"));
    answers = removeChild(answers, "enfant_0");
    expect(childIds(answers)).toEqual(["enfant_1"]);
    expect(answers.some((x) => x.id === "enfant_0")).toBe(false);
    ({ id } = addChild(answers));
    expect(id).toBe("enfant_0");
  });

  it("writes French ordinals", () => {
    expect(defaultChildFirstName(0)).toBe("votre 1er enfant");
    expect(defaultChildFirstName(2)).toBe("votre 3e enfant");
  });
});
