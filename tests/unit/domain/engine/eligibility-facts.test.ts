import { describe, expect, it } from "vitest";
import {
  readEligibilityFacts,
  requestEligibilityFacts,
} from "../../../../src/domain/engine/eligibility-facts";
import { student } from "../fixtures";
import { requestFor } from "./helpers";

// DATE is 2026-11-22: the value date's month is 2026-11, the fiscal year (N-2) 2024.
describe("eligibility facts asked of the engine", () => {
  it("asks each fact the aid conditions read, at its entity and period", () => {
    const { request } = requestFor(student);
    const refs = requestEligibilityFacts(request, "2026-11-22", "demandeur");
    expect(
      refs.map(({ fact, entity, id, variable, period }) => [fact, entity, id, variable, period]),
    ).toEqual([
      ["boursier", "individus", "demandeur", "boursier", "2026-11"],
      ["bourseCriteresSociaux", "individus", "demandeur", "bourse_criteres_sociaux", "2026-11"],
      ["rfr", "foyers_fiscaux", "_", "rfr", "2024"],
      ["nbptr", "foyers_fiscaux", "_", "nbptr", "2024"],
      ["rsa", "familles", "_", "rsa", "2026-11"],
    ]);
    expect(request.individus.demandeur?.bourse_criteres_sociaux).toMatchObject({ "2026-11": null });
  });

  it("leaves out a fact whose variable the running engine lacks", () => {
    const { request } = requestFor(student);
    const refs = requestEligibilityFacts(
      request,
      "2026-11-22",
      "demandeur",
      new Set(["bourse_criteres_sociaux"]),
    );
    expect(refs.map((ref) => ref.fact)).toEqual(["boursier", "rfr", "nbptr", "rsa"]);
  });

  it("reads the grant on social criteria back as a number", () => {
    const { request } = requestFor(student);
    const refs = requestEligibilityFacts(request, "2026-11-22", "demandeur");
    const response = {
      individus: {
        demandeur: {
          boursier: { "2026-11": true },
          bourse_criteres_sociaux: { "2026-11": 521.2 },
        },
      },
      familles: { _: { rsa: { "2026-11": 0 } } },
      foyers_fiscaux: { _: { rfr: { "2024": 0 }, nbptr: { "2024": 1 } } },
    };
    expect(readEligibilityFacts(refs, response)).toEqual({
      boursier: true,
      bourseCriteresSociaux: 521.2,
      rfr: 0,
      nbptr: 1,
      rsa: 0,
    });
  });
});
