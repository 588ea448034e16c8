import type { Bundle } from "../../domain";

/** When the bundle has no schema/places.yaml: France services help with every procedure. */
const FALLBACK_PLACE_TYPES: readonly string[] = ["france_services"];

/**
 * The directory place types for a benefit (schema/places.yaml): by its institution's id first,
 * else by the institution's type, else the default; undefined for a benefit the bundle lacks.
 */
export function placeTypesOf(bundle: Bundle, benefitId: string): readonly string[] | undefined {
  const benefit = bundle.benefits.find((b) => b.id === benefitId);
  if (!benefit) return undefined;
  const mapping = bundle.placeTypes;
  if (!mapping) return FALLBACK_PLACE_TYPES;
  const institution = bundle.institutions.find((i) => i.id === benefit.institution);
  return (
    mapping.byInstitution[benefit.institution] ??
    (institution ? mapping.byInstitutionType[institution.type] : undefined) ??
    mapping.default
  );
}
