/**
 * Rule "distance to the family home": the grant on social criteria gives charge points by the
 * distance between the place of study and the family home
 * (`bourse_criteres_sociaux_distance_domicile_familial`: individu, MONTH, whole kilometres). The
 * engine bands it (`…criteres_sociaux.points_de_charge.distance_domicile_familial`): under 30 km
 * 0 point, 30 to 249 km 1, 250 km and more 2, and since 2023-03-31 3,500 km and more 3, 13,000 km
 * and more 4.
 *
 * - living with the parents: 0;
 * - parents living abroad (`parents._en_france` false): their address is not asked, so the
 *   distance is unknown. It is set to `DISTANCE_PARENTS_ABROAD_KM`, the start of the engine's
 *   farthest band, so that a family home abroad counts as far as the engine can count: the
 *   simulator then shows the grant the student may claim, never less, and the CROUS computes the
 *   real distance from the file. For a family just across a border this overstates the points
 *   (see docs/engine-notes.md);
 * - otherwise the great-circle distance between the centres of the student's commune
 *   (`menage.depcom`) and the parents' (`_bourseCriteresSociauxCommuneDomicileFamilial`), when the
 *   server's commune lookup knows both; not sent otherwise (the engine then assumes 0).
 * Only students are concerned (the flag `_etudiant` of `derived:` in `schema/journey.yaml`).
 */
import type { DerivedAttribute } from "../../schema-names";
import type { Situation } from "../../types";
import { haversineKm } from "../geo";
import type { CommuneCentre } from "../types";

/** Set by the schema on a student (`derived:` in `schema/journey.yaml`). */
const STUDENT = "_etudiant" satisfies DerivedAttribute;

/** The start of the engine's farthest band (in force since 2023; the earlier top band began at 250 km). */
export const DISTANCE_PARENTS_ABROAD_KM = 13_000;

function inseeCode(commune: unknown): string | undefined {
  if (typeof commune !== "object" || commune === null) return undefined;
  const code = (commune as Record<string, unknown>).code_insee;
  return typeof code === "string" && code !== "" ? code : undefined;
}

/** The distance to send, in whole kilometres, or `undefined` when nothing is known. */
export function distanceDomicileFamilial(
  situation: Situation,
  communeCentre?: CommuneCentre,
): number | undefined {
  const { demandeur } = situation;
  if (demandeur[STUDENT] !== true) return undefined;
  if (demandeur.habite_chez_parents === true) return 0;
  if (situation.parents._en_france === false) return DISTANCE_PARENTS_ABROAD_KM;
  const student = inseeCode(situation.menage.depcom);
  const family = inseeCode(demandeur._bourseCriteresSociauxCommuneDomicileFamilial);
  if (!student || !family || !communeCentre) return undefined;
  if (student === family) return 0;
  const from = communeCentre(student);
  const to = communeCentre(family);
  return from && to ? Math.round(haversineKm(from, to)) : undefined;
}
