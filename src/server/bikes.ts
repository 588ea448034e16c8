import { createRequire } from "node:module";
import { AidesVeloEngine } from "@betagouv/aides-velo";
import {
  benefitTerritoryContains,
  bikeQuery,
  type BikeAid,
  type Bundle,
  type Catalogue,
  type Droit,
  type EligibilityFacts,
} from "../domain";

const STATES = ["neuf", "occasion"] as const;

export type BikeAidsCalculator = (facts: EligibilityFacts) => Droit[];

/** EPCI SIREN → the name the package knows it by (both come from the COG). */
function epciNames(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const epcis = require("@etalab/decoupage-administratif/data/epci.json") as {
    code: string;
    nom: string;
  }[];
  return new Map(epcis.map((epci) => [epci.code, epci.nom]));
}

/**
 * Computes the bike aids of the catalogue with `@betagouv/aides-velo`: for each aid whose
 * institution acts in the household's commune, the best amount over the bike types the applicant
 * chose, new or used (the package finds the price that maximises each aid).
 */
export function createBikeAidsCalculator(
  bundle: Pick<Bundle, "institutions">,
  catalogue: Pick<Catalogue, "bikeAids" | "bikeSettings">,
): BikeAidsCalculator {
  let base: AidesVeloEngine | undefined;
  let names: Map<string, string> | undefined;
  const institutions = new Map(bundle.institutions.map((i) => [i.id, i]));

  return (facts) => {
    const query = bikeQuery(catalogue.bikeSettings, facts);
    if (!query) return [];
    const commune = {
      code_insee: query.place.codeInsee,
      departement: query.place.departement,
      region: query.place.region,
      ...(query.place.epci ? { epci: query.place.epci } : {}),
    };
    const candidates = catalogue.bikeAids.filter((aid) => {
      const institution = institutions.get(aid.institution);
      return institution !== undefined && benefitTerritoryContains(institution, commune);
    });
    if (candidates.length === 0) return [];
    base ??= new AidesVeloEngine();
    names ??= epciNames();
    const place = {
      "localisation . pays": "France",
      "localisation . code insee": query.place.codeInsee,
      "localisation . département": query.place.departement,
      "localisation . région": query.place.region,
      "localisation . epci": (query.place.epci && names.get(query.place.epci)) || "",
    };
    const best = new Map<BikeAid, number>();
    for (const type of query.types) {
      for (const state of STATES) {
        const engine = base
          .shallowCopy()
          .setInputs({
            ...place,
            ...query.inputs,
            "vélo . type": type,
            "vélo . état": state,
          } as never)
          .getEngine();
        for (const aid of candidates) {
          const value = engine.evaluate(aid.rule as never).nodeValue;
          if (typeof value === "number" && value > 0 && value > (best.get(aid) ?? 0)) {
            best.set(aid, value);
          }
        }
      }
    }
    return candidates
      .filter((aid) => best.has(aid))
      .map((aid) => ({
        id: aid.id,
        label: aid.label,
        description: aid.description,
        institution: institutions.get(aid.institution)?.label ?? aid.institution,
        montant: Math.round(best.get(aid)!),
        unit: aid.unit,
        periodicity: aid.periodicity,
        ...(aid.legend ? { legend: aid.legend } : {}),
        interestFlag: aid.interestFlag,
        links: Object.fromEntries(
          Object.entries(aid.links).filter(([, url]) => typeof url === "string"),
        ) as Record<string, string>,
      }));
  };
}
