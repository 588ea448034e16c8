import { describe, expect, it } from "vitest";
import {
  inUnpaidUnemployment,
  neutraliseOwnResourcesOnly,
  NEUTRALISATION_VARIABLE,
} from "../../../../src/domain/engine/rules/unemployment-neutralisation";
import type { EngineEntity, EngineRequest } from "../../../../src/domain/engine/types";

const DATE = "2025-10-15";
const M = "2025-10";

const jobSeeker = (since: string, allowance = 0): EngineEntity => ({
  activite: { [M]: "chomeur" },
  date_debut_chomage: { [M]: since },
  ...(allowance ? { chomage_imposable: { [M]: allowance } } : {}),
});
const employee = (): EngineEntity => ({
  activite: { [M]: "actif" },
  salaire_imposable: { [M]: 2694 },
});

function couple(a: EngineEntity, b: EngineEntity, rsaLastMonth = 0): EngineRequest {
  return {
    individus: { demandeur: a, conjoint: b },
    familles: { _: { parents: ["demandeur", "conjoint"], rsa: { "2025-09": rsaLastMonth } } },
    foyers_fiscaux: {},
    menages: {},
  };
}

describe("rule: own resources set aside in chômage non indemnisé (CCH R822-15)", () => {
  it("reads chômage non indemnisé as the engine does: a job seeker for two whole months, without allowance", () => {
    expect(inUnpaidUnemployment(jobSeeker("2024-03-01"), M)).toBe(true);
    expect(inUnpaidUnemployment(jobSeeker("2025-07-31"), M)).toBe(true);
    // Registered on the first day of M-2 or later: not yet two whole months.
    expect(inUnpaidUnemployment(jobSeeker("2025-08-01"), M)).toBe(false);
    expect(inUnpaidUnemployment(jobSeeker("2024-03-01", 1200), M)).toBe(false);
    expect(inUnpaidUnemployment({ ...jobSeeker("2024-03-01", 1200), ass: { [M]: 500 } }, M)).toBe(
      true,
    );
    expect(inUnpaidUnemployment({ activite: { [M]: "chomeur" } }, M)).toBe(false);
    expect(inUnpaidUnemployment(employee(), M)).toBe(false);
  });

  it("sets aside the job seeker's resources only, not the working partner's", () => {
    const request = couple(jobSeeker("2024-03-01"), employee());
    neutraliseOwnResourcesOnly(request, DATE);
    expect(request.individus.demandeur?.[NEUTRALISATION_VARIABLE]).toEqual({ [M]: true });
    expect(request.individus.conjoint?.[NEUTRALISATION_VARIABLE]).toEqual({ [M]: false });
  });

  it("leaves the engine's condition where it agrees with the law", () => {
    const cases = [
      // Both unemployed without allowance.
      couple(jobSeeker("2024-03-01"), jobSeeker("2024-06-01")),
      // Neither.
      couple(employee(), jobSeeker("2024-03-01", 1200)),
      // The RSA of the month before sets aside everyone's resources (R822-17).
      couple(jobSeeker("2024-03-01"), employee(), 300),
    ];
    for (const request of cases) {
      neutraliseOwnResourcesOnly(request, DATE);
      expect(request.individus.demandeur?.[NEUTRALISATION_VARIABLE]).toBeUndefined();
      expect(request.individus.conjoint?.[NEUTRALISATION_VARIABLE]).toBeUndefined();
    }
    // A single applicant.
    const alone: EngineRequest = {
      individus: { demandeur: jobSeeker("2024-03-01") },
      familles: { _: { parents: ["demandeur"] } },
      foyers_fiscaux: {},
      menages: {},
    };
    neutraliseOwnResourcesOnly(alone, DATE);
    expect(alone.individus.demandeur?.[NEUTRALISATION_VARIABLE]).toBeUndefined();
  });

  it("sends nothing to an engine without the variable", () => {
    const request = couple(jobSeeker("2024-03-01"), employee());
    neutraliseOwnResourcesOnly(request, DATE, new Set([NEUTRALISATION_VARIABLE]));
    expect(request.individus.demandeur?.[NEUTRALISATION_VARIABLE]).toBeUndefined();
  });
});
