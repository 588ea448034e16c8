import type { Bundle } from "../../domain";

/**
 * Which places of the public directory (API Annuaire de l’administration, `type_service_local`)
 * receive the visitors of a benefit: by its institution's id first, else by the institution's
 * type; France services (which help with every public procedure) otherwise.
 *
 * TODO(schema): this mapping is content and should move to an optional schema/places.yaml; it is
 * kept here as plain data until the schema generator loads it.
 */
export const PLACE_TYPES_BY_INSTITUTION: Readonly<Record<string, readonly string[]>> = {
  france_travail: ["pole_emploi", "france_travail"],
  assurance_maladie: ["cpam"],
  assurance_retraite: ["carsat"],
};

export const PLACE_TYPES_BY_INSTITUTION_TYPE: Readonly<Record<string, readonly string[]>> = {
  caf: ["caf"],
  msa: ["msa"],
  commune: ["mairie"],
  epci: ["epci", "mairie"],
  departement: ["cg"],
  region: ["cr"],
};

export const DEFAULT_PLACE_TYPES: readonly string[] = ["france_services"];

/** The directory place types for a benefit; undefined for a benefit the bundle does not know. */
export function placeTypesOf(bundle: Bundle, benefitId: string): readonly string[] | undefined {
  const benefit = bundle.benefits.find((b) => b.id === benefitId);
  if (!benefit) return undefined;
  const institution = bundle.institutions.find((i) => i.id === benefit.institution);
  return (
    PLACE_TYPES_BY_INSTITUTION[benefit.institution] ??
    (institution ? PLACE_TYPES_BY_INSTITUTION_TYPE[institution.type] : undefined) ??
    DEFAULT_PLACE_TYPES
  );
}
