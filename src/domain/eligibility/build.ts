import { applicantInterested } from "../benefit-selection";
import type { Bundle, Catalogue } from "../bundle";
import { predicateContext, withSelf, type JourneyOptions } from "../context";
import { ageAt } from "../dates";
import { guessedInputs } from "../guesses";
import { evaluate } from "../predicates";
import type { Answer, Commune, Situation } from "../types";
import { holds } from "./evaluate";
import type { EligibilityFacts, EngineFacts } from "./facts";

/** The interest questions the catalogue's benefits and aids name, with their wording. */
function interestQuestions(
  bundle: Bundle,
  catalogue: Partial<Pick<Catalogue, "aids" | "bikeAids">>,
): Record<string, string> {
  const flags = new Set(
    [...bundle.benefits, ...(catalogue.aids ?? []), ...(catalogue.bikeAids ?? [])].flatMap(
      (benefit) => (benefit.interestFlag ? [benefit.interestFlag] : []),
    ),
  );
  const questions: Record<string, string> = {};
  for (const block of Object.values(bundle.blocks)) {
    for (const step of block.steps) {
      for (const field of step.fields) {
        if (!flags.has(field.name)) continue;
        const question =
          typeof field.question === "string" ? field.question : field.question.demandeur;
        if (question) questions[field.name] = question;
      }
    }
  }
  return questions;
}

/**
 * The facts the eligibility of condition-based aids reads, from the (pruned) answers, the
 * situation derived from them, and the engine's values (`EngineFacts`). Pure.
 */
export function eligibilityFacts(
  bundle: Bundle,
  catalogue: Pick<Catalogue, "placeNames"> & Partial<Pick<Catalogue, "aids" | "bikeAids">>,
  answers: readonly Answer[],
  situation: Situation,
  engine: EngineFacts,
  options: JourneyOptions,
): EligibilityFacts {
  const { dateDeValeur } = options;
  const context = withSelf(predicateContext(bundle, answers, options), answers, "demandeur");
  const questions = interestQuestions(bundle, catalogue);
  const birthDate = situation.demandeur.date_naissance;
  const age = typeof birthDate === "string" ? ageAt(birthDate, dateDeValeur) : null;
  const depcom = situation.menage.depcom;
  const facts: EligibilityFacts = {
    dateDeValeur,
    ...(age === null ? {} : { age }),
    ...(typeof depcom === "object" && depcom !== null
      ? { commune: depcom as Partial<Commune> }
      : {}),
    applicant: situation.demandeur,
    household: situation.menage,
    childrenAges: situation.enfants
      .map((child) =>
        typeof child.date_naissance === "string" ? ageAt(child.date_naissance, dateDeValeur) : null,
      )
      .filter((childAge): childAge is number => childAge !== null),
    profiles: {},
    profileLabels: Object.fromEntries(bundle.profiles.map((p) => [p.id, p.label])),
    interests: new Set(
      Object.keys(questions).filter((flag) => applicantInterested(bundle, answers, flag)),
    ),
    interestQuestions: questions,
    enumerations: bundle.enumerations,
    engine,
    placeNames: catalogue.placeNames,
    guesses: new Set(guessedInputs(bundle, situation)),
  };
  // A profile reads the answers (`when`) or, for what only the engine knows, aid conditions.
  const profiles = Object.fromEntries(
    bundle.profiles.map((profile) => [
      profile.id,
      profile.eligibility !== undefined
        ? holds(profile.eligibility, facts)
        : evaluate(profile.when, context),
    ]),
  );
  return { ...facts, profiles };
}
