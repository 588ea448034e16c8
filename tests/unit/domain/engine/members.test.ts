import { describe, expect, it } from "vitest";
import { isChildKept, MAX_CHILD_AGE } from "../../../../src/domain/engine";
import type { Person } from "../../../../src/domain";
import { a, bornYearsAgo, DATE, student } from "../fixtures";
import { requestFor } from "./helpers";

const child = (birth: string | undefined, handicap = false): Person => ({
  id: "enfant_0",
  _role: "enfant",
  handicap,
  ...(birth ? { date_naissance: birth } : {}),
});

describe("rule: children over 25 are left out", () => {
  it("keeps a child up to 25, drops one over 25 unless disabled", () => {
    expect(MAX_CHILD_AGE).toBe(25);
    expect(isChildKept(child(bornYearsAgo(25)), DATE)).toBe(true);
    // 26 today (birthday on the value date).
    expect(isChildKept(child(bornYearsAgo(26)), DATE)).toBe(false);
    // 26 tomorrow: still 25.
    expect(isChildKept(child(bornYearsAgo(26, 1)), DATE)).toBe(true);
    expect(isChildKept(child(bornYearsAgo(30), true), DATE)).toBe(true);
    expect(isChildKept(child(undefined), DATE)).toBe(true);
  });

  it("leaves the older child out of every entity and of the famille's incomes", () => {
    const { request } = requestFor([
      ...student,
      a("enfants.enfants", ["enfant_0", "enfant_1"]),
      a("enfant_0.date_naissance", bornYearsAgo(27)),
      a("enfant_0.handicap", false),
      a("enfant_0.ressources", ["af"]),
      a("enfant_0.af", { "2026-10": 50 }),
      a("enfant_1.date_naissance", bornYearsAgo(4)),
      a("enfant_1.handicap", false),
    ]);
    expect(Object.keys(request.individus)).toEqual(["demandeur", "enfant_1"]);
    expect(request.familles._?.enfants).toEqual(["enfant_1"]);
    expect(request.foyers_fiscaux._?.personnes_a_charge).toEqual(["enfant_1"]);
    expect(request.menages._?.enfants).toEqual(["enfant_1"]);
    // Not summed in (a past month may be sent as 0 by the no-past-entitlement rule).
    const af = request.familles._?.af as Record<string, unknown> | undefined;
    expect(af?.["2026-10"] ?? 0).toBe(0);
  });

  it("keeps a disabled child over 25", () => {
    const { request } = requestFor([
      ...student,
      a("enfants.enfants", ["enfant_0"]),
      a("enfant_0.date_naissance", bornYearsAgo(30)),
      a("enfant_0.handicap", true),
    ]);
    expect(request.familles._?.enfants).toEqual(["enfant_0"]);
  });
});
