import { describe, expect, it } from "vitest";
import {
  buildSituation,
  distanceDomicileFamilial,
  DISTANCE_PARENTS_ABROAD_KM,
  haversineKm,
  type Bundle,
} from "../../../../src/domain";
import { a, bundle, DATE, student } from "../fixtures";
import { lyon, paris, requestFor } from "./helpers";

const centres: Record<string, readonly [number, number]> = {
  "75056": [2.3752, 48.845],
  "69123": [4.8236, 45.7685],
};
const communeCentre = (code: string) => centres[code];

const away = [
  ...student,
  a("parents._situation", "en_couple"),
  a("menage.depcom", paris),
  a("parents._en_france", true),
  a("demandeur._bourseCriteresSociauxCommuneDomicileFamilial", lyon),
];
const situation = (answers: typeof student) => buildSituation(bundle, answers, DATE);
const replace = (name: string, value: Parameters<typeof a>[1]) => [
  ...away.filter((x) => x.fieldName !== name.split(".")[1]),
  a(name, value),
];

describe("haversineKm", () => {
  it("gives the great-circle distance", () => {
    expect(haversineKm([2.3752, 48.845], [2.3752, 48.845])).toBe(0);
    // Paris–Lyon commune centres: about 389 km as the crow flies (checked with an independent implementation).
    expect(haversineKm([2.3752, 48.845], [4.8236, 45.7685])).toBeCloseTo(388.67, 1);
    // A quarter of the equator.
    expect(haversineKm([0, 0], [90, 0])).toBeCloseTo(10_007.6, 0);
  });
});

describe("rule: distance between the place of study and the family home", () => {
  it("measures the distance between the commune centres, in whole kilometres", () => {
    expect(distanceDomicileFamilial(situation(away), communeCentre)).toBe(389);
  });

  it("is 0 when the student lives with the parents or in the same commune", () => {
    expect(
      distanceDomicileFamilial(
        situation(replace("demandeur.habite_chez_parents", true)),
        communeCentre,
      ),
    ).toBe(0);
    expect(distanceDomicileFamilial(situation(replace("menage.depcom", lyon)), communeCentre)).toBe(
      0,
    );
  });

  it("puts parents living abroad in the engine's farthest band", () => {
    expect(DISTANCE_PARENTS_ABROAD_KM).toBe(13_000);
    const abroad = away.filter(
      (x) => !["_en_france", "_bourseCriteresSociauxCommuneDomicileFamilial"].includes(x.fieldName),
    );
    expect(distanceDomicileFamilial(situation([...abroad, a("parents._en_france", false)]))).toBe(
      DISTANCE_PARENTS_ABROAD_KM,
    );
  });

  it("sends nothing when a commune is unknown, or for someone who is not a student", () => {
    expect(distanceDomicileFamilial(situation(away))).toBeUndefined();
    expect(distanceDomicileFamilial(situation(away), () => undefined)).toBeUndefined();
    expect(
      distanceDomicileFamilial(situation(replace("demandeur.activite", "salarie")), communeCentre),
    ).toBeUndefined();
  });

  it("knows a student from the schema's derived table, not from code", () => {
    const employee = replace("demandeur.activite", "salarie");
    const edited: Bundle = {
      ...bundle,
      derived: bundle.derived.map((rule) =>
        rule.attribute === "_etudiant" ? { ...rule, map: { salarie: true } } : rule,
      ),
    };
    expect(distanceDomicileFamilial(buildSituation(edited, employee, DATE), communeCentre)).toBe(
      389,
    );
    expect(distanceDomicileFamilial(buildSituation(edited, away, DATE), communeCentre)).toBe(
      undefined,
    );
  });

  it("goes to the applicant at the value date's month", () => {
    const { request } = requestFor(away, { communeCentre });
    expect(request.individus.demandeur?.bourse_criteres_sociaux_distance_domicile_familial).toEqual(
      {
        "2026-11": 389,
      },
    );
    const missing = requestFor(away, {
      communeCentre,
      missingVariables: new Set(["bourse_criteres_sociaux_distance_domicile_familial"]),
    }).request;
    expect(
      missing.individus.demandeur?.bourse_criteres_sociaux_distance_domicile_familial,
    ).toBeUndefined();
  });
});
