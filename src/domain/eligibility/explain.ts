import type { Bundle, Catalogue, Institution, Predicate } from "../bundle";
import type { Droit } from "../types";
import { aidVerdict } from "./aids";
import { firstFailure, holds } from "./evaluate";
import type { EligibilityFacts } from "./facts";

export interface Explanation {
  benefitId: string;
  eligible: boolean;
  /** The first condition the visitor fails, in French. */
  reason?: string;
  /** The visitor may get it: it depends on an input the simulator guessed (`Droit.status`). */
  possible?: true;
}

/** The territory and interest conditions every benefit has, as an eligibility predicate. */
function commonConditions(institution: Institution | undefined, interestFlag?: string): Predicate {
  const all: Predicate[] = [];
  if (interestFlag) all.push({ interest: interestFlag });
  const territory = institution?.territory;
  if (territory) {
    const [kind, codes] = Object.entries(territory)[0] as [string, string[]];
    all.push({ lives_in: [kind, codes] });
  }
  return { and: all };
}

/**
 * Why the visitor does (not) get a benefit of the catalogue ("Pourquoi pas moi ?"). A
 * condition-based aid explains its first failing condition; an engine or bike aid its territory
 * or interest question, else the computation itself. Undefined for an unknown id.
 */
export function explainBenefit(
  bundle: Pick<Bundle, "benefits" | "institutions"> & Partial<Pick<Bundle, "guesses">>,
  catalogue: Pick<Catalogue, "aids" | "bikeAids">,
  facts: EligibilityFacts,
  droits: readonly Droit[],
  benefitId: string,
): Explanation | undefined {
  const institution = (id: string) => bundle.institutions.find((i) => i.id === id);
  const aid = catalogue.aids.find((a) => a.id === benefitId);
  if (aid) {
    const reason = firstFailure(aid.eligibility, facts);
    if (reason === undefined || holds(aid.eligibility, facts)) return { benefitId, eligible: true };
    const { dependsOn } = aidVerdict(aid, facts, bundle.guesses);
    return dependsOn.length > 0
      ? { benefitId, eligible: false, reason, possible: true }
      : { benefitId, eligible: false, reason };
  }
  const other =
    bundle.benefits.find((b) => b.id === benefitId) ??
    catalogue.bikeAids.find((b) => b.id === benefitId);
  if (!other) return undefined;
  const shown = droits.find((droit) => droit.id === benefitId);
  if (shown?.status) {
    return { benefitId, eligible: false, reason: shown.status.reason, possible: true };
  }
  if (shown) return { benefitId, eligible: true };
  const reason =
    firstFailure(commonConditions(institution(other.institution), other.interestFlag), facts) ??
    ("engine" in other
      ? "D’après le calcul, réalisé avec le moteur OpenFisca à partir de vos réponses, vous ne remplissez pas les conditions de cette aide."
      : "D’après vos réponses, cette aide ne s’applique pas aux vélos que vous avez choisis ou aux revenus de votre foyer.");
  return { benefitId, eligible: false, reason };
}
