import { createRequire } from "node:module";
import { AidesVeloEngine } from "@betagouv/aides-velo";
import {
  benefitTerritoryContains,
  bikeQuery,
  type BikeAid,
  type BikeQuery,
  type Bundle,
  type Catalogue,
  type Droit,
  type DroitStatus,
  type EligibilityFacts,
  type Guess,
} from "../domain";

const STATES = ["neuf", "occasion"] as const;

export interface BikeAidsCalculator {
  (facts: EligibilityFacts): Droit[];
  /**
   * Loads the package's rules now (about 0.6 s, once) rather than during the first computation
   * that has bike aids to evaluate.
   */
  warm(): void;
}

/** EPCI SIREN → the name the package knows it by (both come from the COG). */
function epciNames(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const epcis = require("@etalab/decoupage-administratif/data/epci.json") as {
    code: string;
    nom: string;
  }[];
  return new Map(epcis.map((epci) => [epci.code, epci.nom]));
}

/** The engine facts a guess moves, set at one of its bounds. */
function atBound(facts: EligibilityFacts, key: "rfr", value: number): EligibilityFacts {
  return { ...facts, engine: { ...facts.engine, [key]: value } };
}

/** The status of a bike aid whose amount depends on a guessed input (`guesses:` in the schema). */
function possibleStatus(guess: Guess): DroitStatus {
  return {
    kind: "possible",
    label: guess.label ?? "Possible",
    reason: guess.reason ?? "",
    conditions: [guess.bikeAids!.condition],
    links: guess.links ?? [],
  };
}

/**
 * Computes the bike aids of the catalogue with `@betagouv/aides-velo`: for each aid whose
 * institution acts in the household's commune, the best amount over the bike types the applicant
 * chose, new or used (the package finds the price that maximises each aid). When an input the
 * package reads was guessed (`guesses:` with `bikeAids`), the aids are computed also at the
 * input's bounds: one whose amount moves within them is granted with a condition to check, or
 * possible, as the schema says; one only a bound grants is possible, at its best amount.
 */
export function createBikeAidsCalculator(
  bundle: Pick<Bundle, "institutions"> & Partial<Pick<Bundle, "guesses">>,
  catalogue: Pick<Catalogue, "bikeAids" | "bikeSettings">,
): BikeAidsCalculator {
  let base: AidesVeloEngine | undefined;
  let names: Map<string, string> | undefined;
  const institutions = new Map(bundle.institutions.map((i) => [i.id, i]));

  /** The best amount of each candidate aid for this query. */
  function load(): { base: AidesVeloEngine; names: Map<string, string> } {
    base ??= new AidesVeloEngine();
    names ??= epciNames();
    return { base, names };
  }

  function bestAmounts(query: BikeQuery, candidates: readonly BikeAid[]): Map<BikeAid, number> {
    const { base, names } = load();
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
    return best;
  }

  function toDroit(aid: BikeAid, amount: number): Droit {
    return {
      id: aid.id,
      label: aid.label,
      description: aid.description,
      institution: institutions.get(aid.institution)?.label ?? aid.institution,
      montant: Math.round(amount),
      unit: aid.unit,
      periodicity: aid.periodicity,
      ...(aid.legend ? { legend: aid.legend } : {}),
      interestFlag: aid.interestFlag,
      links: Object.fromEntries(
        Object.entries(aid.links).filter(([, url]) => typeof url === "string"),
      ) as Record<string, string>,
    };
  }

  const calculate = (facts: EligibilityFacts): Droit[] => {
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
    const best = bestAmounts(query, candidates);
    const guess = bundle.guesses?.find((g) => g.bikeAids && facts.guesses?.has(g.id));
    const bounds = guess?.bikeAids?.bounds.rfr;
    const atBounds =
      guess && bounds && typeof facts.engine.rfr === "number"
        ? bounds.flatMap((value) => {
            const bounded = bikeQuery(catalogue.bikeSettings, atBound(facts, "rfr", value));
            return bounded ? [bestAmounts(bounded, candidates)] : [];
          })
        : [];
    const droits: Droit[] = [];
    for (const aid of candidates) {
      const amount = best.get(aid);
      const bounded = atBounds.map((amounts) => amounts.get(aid));
      const moves = bounded.some((value) => value !== amount);
      if (amount !== undefined) {
        const droit = toDroit(aid, amount);
        if (moves && guess?.bikeAids?.granted === "check") {
          const text = [guess.bikeAids.condition, guess.toCheck].filter(Boolean).join(" ");
          droit.toCheck = [...(droit.toCheck ?? []), text];
        } else if (moves && guess) {
          droit.status = possibleStatus(guess);
        }
        droits.push(droit);
        continue;
      }
      const possible = Math.max(0, ...bounded.map((value) => value ?? 0));
      if (guess && possible > 0)
        droits.push({ ...toDroit(aid, possible), status: possibleStatus(guess) });
    }
    return droits;
  };
  return Object.assign(calculate, { warm: () => void load() });
}
