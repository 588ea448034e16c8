/**
 * What `@betagouv/aides-velo` needs to know about the visitor (its "questions"), read from the
 * eligibility facts. The server runs the package; this part stays pure.
 */
import type { BikeSettings } from "./bundle";
import type { EligibilityFacts } from "./eligibility/facts";

export interface BikeQuery {
  /** The package's bike types the applicant is interested in. */
  types: string[];
  /** The household's commune: INSEE code, EPCI SIREN, département and région. */
  place: { codeInsee: string; epci?: string; departement: string; region: string };
  /** The package's questions other than the bike and the place. */
  inputs: Record<string, string | number | boolean>;
}

/** The query for the applicant's chosen bike types; undefined without a choice or a commune. */
export function bikeQuery(settings: BikeSettings, facts: EligibilityFacts): BikeQuery | undefined {
  const chosen = facts.applicant._interetsAidesVelo;
  const types = Array.isArray(chosen)
    ? chosen.map((value) => settings.types[String(value)]).filter((t): t is string => !!t)
    : [];
  const commune = facts.commune;
  if (types.length === 0 || !commune?.code_insee || !commune.departement || !commune.region) {
    return undefined;
  }
  const inputs: Record<string, string | number | boolean> = {
    "demandeur . statut": settings.statuses[String(facts.applicant.activite)] ?? "autre",
    "demandeur . en situation de handicap": facts.applicant.handicap === true,
    "demandeur . bénéficiaire du RSA": (facts.engine.rsa ?? 0) > 0,
  };
  if (facts.age !== undefined) inputs["demandeur . âge"] = facts.age;
  // The package reads the income per tax share: the reference income and the shares.
  const { rfr, nbptr } = facts.engine;
  if (typeof rfr === "number" && typeof nbptr === "number" && nbptr > 0) {
    inputs["revenu fiscal de référence par part . revenu de référence"] = rfr;
    inputs["revenu fiscal de référence par part . nombre de parts"] = nbptr;
  }
  return {
    types,
    place: {
      codeInsee: commune.code_insee,
      ...(commune.epci ? { epci: commune.epci } : {}),
      departement: commune.departement,
      region: commune.region,
    },
    inputs,
  };
}
