import type { Benefit, Bundle, Institution } from "./bundle";
import { findAnswer, valuesOf } from "./answers";
import { withDerived } from "./derived";
import { predicateContext, withSelf, type JourneyOptions } from "./context";
import { evaluate } from "./predicates";
import type { Answer, Commune, Droit } from "./types";

/**
 * Whether the institution acts in this commune. An institution without territory (national, or a
 * caf/msa/autre that declares none) acts everywhere; a territorial one needs a commune.
 */
export function benefitTerritoryContains(
  institution: Institution,
  commune: Partial<Commune> | undefined,
): boolean {
  const territory = institution.territory;
  if (!territory) return true;
  if (!commune) return false;
  if ("regions" in territory) return includes(territory.regions, commune.region);
  if ("departements" in territory) return includes(territory.departements, commune.departement);
  if ("epcis" in territory) return includes(territory.epcis, commune.epci);
  return includes(territory.communes, commune.code_insee);
}

function includes(codes: readonly string[], code: string | undefined): boolean {
  return typeof code === "string" && code !== "" && codes.includes(code);
}

/** The household's commune (`menage.depcom`), when answered. */
function householdCommune(answers: readonly Answer[]): Partial<Commune> | undefined {
  const value = findAnswer(answers, "menage", "menage", "depcom")?.value;
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Partial<Commune>)
    : undefined;
}

/**
 * Whether the applicant answered yes to an interest question: `true`, or a non-empty list for a
 * multiple choice. As in the situation, a value derived by the schema (`derived:` in
 * `schema/journey.yaml`, e.g. a health or social training) may set the interest, which is then not
 * asked.
 */
export function applicantInterested(
  bundle: Pick<Bundle, "derived">,
  answers: readonly Answer[],
  flag: string,
): boolean {
  const values = withDerived(
    bundle.derived,
    "individu",
    valuesOf(answers, "individu", "demandeur"),
    { answers, personId: "demandeur" },
  );
  const value = values[flag];
  return value === true || (Array.isArray(value) && value.length > 0);
}

/**
 * The benefits worth asking the engine about, in catalogue order: those whose institution acts
 * in the household's commune (territorial ones are dropped while no commune is answered) and whose
 * prefilter, if any, holds with `self` the applicant. Pure: it reads the answers only.
 *
 * Interest questions do not narrow it (`wantedDroits` filters the results instead): they are asked
 * last, and the request must not change with them, so that a computation started ahead of them
 * (docs/schema-format.md, "Chapters") answers the final one.
 */
export function selectEngineBenefits(
  bundle: Bundle,
  answers: readonly Answer[],
  options: JourneyOptions,
): Benefit[] {
  const institutions = new Map(bundle.institutions.map((i) => [i.id, i]));
  const commune = householdCommune(answers);
  const applicantContext = lazyApplicantContext(bundle, answers, options);

  return bundle.benefits.filter((benefit) => {
    // Asked before its parameters exist, a benefit fails the whole computation.
    if (benefit.engine.since !== undefined && options.dateDeValeur < benefit.engine.since)
      return false;
    const institution = institutions.get(benefit.institution);
    if (institution && !benefitTerritoryContains(institution, commune)) return false;
    return benefit.prefilter === undefined || evaluate(benefit.prefilter, applicantContext());
  });
}

/**
 * The engine's results the visitor wants: those of a benefit with an interest question only when
 * the applicant answered yes to it.
 */
export function wantedDroits(
  bundle: Bundle,
  droits: readonly Droit[],
  answers: readonly Answer[],
): Droit[] {
  const flags = new Map(bundle.benefits.map((benefit) => [benefit.id, benefit.interestFlag]));
  const wanted = new Map<string, boolean>();
  return droits.filter((droit) => {
    const flag = flags.get(droit.id);
    if (flag === undefined) return true;
    if (!wanted.has(flag)) wanted.set(flag, applicantInterested(bundle, answers, flag));
    return wanted.get(flag);
  });
}

/**
 * The engine's results with, on each, the notes of its benefit whose condition holds for these
 * answers (`self` the applicant, as a prefilter): the sentences that explain the amount.
 */
export function withBenefitNotes(
  bundle: Bundle,
  droits: readonly Droit[],
  answers: readonly Answer[],
  options: JourneyOptions,
): Droit[] {
  const applicantContext = lazyApplicantContext(bundle, answers, options);
  return droits.map((droit) => {
    const notes = bundle.benefits
      .find((benefit) => benefit.id === droit.id)
      ?.notes?.filter((note) => evaluate(note.when, applicantContext()))
      .map((note) => note.text);
    return notes && notes.length > 0 ? { ...droit, notes } : droit;
  });
}

/**
 * docs/schema-format.md "Certainty": an engine result to verify or on application whose benefit's
 * `countedWhen` holds for these answers (the visitor answered what decides it) is counted: its
 * certainty and decisive conditions are dropped.
 */
export function withBenefitCertainty(
  bundle: Bundle,
  droits: readonly Droit[],
  answers: readonly Answer[],
  options: JourneyOptions,
): Droit[] {
  const applicantContext = lazyApplicantContext(bundle, answers, options);
  return droits.map((droit) => {
    if (!droit.certainty) return droit;
    const countedWhen = bundle.benefits.find((benefit) => benefit.id === droit.id)?.countedWhen;
    if (!countedWhen || !evaluate(countedWhen, applicantContext())) return droit;
    const { certainty: _certainty, decisive: _decisive, ...counted } = droit;
    return counted;
  });
}

/** The predicate context of the answers with `self` the applicant, built on first use. */
function lazyApplicantContext(bundle: Bundle, answers: readonly Answer[], options: JourneyOptions) {
  let context: ReturnType<typeof predicateContext> | undefined;
  return () =>
    (context ??= withSelf(predicateContext(bundle, answers, options), answers, "demandeur"));
}
