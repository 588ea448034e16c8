import type { Aid, Bundle, Catalogue } from "../bundle";
import type { Droit } from "../types";
import { firstFailure, holds } from "./evaluate";
import type { EligibilityFacts } from "./facts";

/** The amount shown for an aid: its amount, rounded down to `floorAt`, or `true` for a bool. */
export function aidAmount(aid: Aid): number | boolean {
  if (aid.type === "bool" || aid.amount === undefined) return true;
  return aid.floorAt ? Math.floor(aid.amount / aid.floorAt) * aid.floorAt : aid.amount;
}

export function aidToDroit(bundle: Pick<Bundle, "institutions">, aid: Aid): Droit {
  return {
    id: aid.id,
    label: aid.label,
    description: aid.description,
    institution:
      bundle.institutions.find((i) => i.id === aid.institution)?.label ?? aid.institution,
    montant: aidAmount(aid),
    unit: aid.unit,
    periodicity: aid.periodicity,
    ...(aid.legend ? { legend: aid.legend } : {}),
    ...(aid.interestFlag ? { interestFlag: aid.interestFlag } : {}),
    ...(aid.priority !== undefined ? { priority: aid.priority } : {}),
    ...(aid.links.teleserviceNeedsRegistration ? { teleserviceNeedsRegistration: true } : {}),
    ...(aid.toCheck ? { toCheck: aid.toCheck } : {}),
    links: Object.fromEntries(
      Object.entries(aid.links).filter(([, url]) => typeof url === "string"),
    ) as Record<string, string>,
  };
}

/** The condition-based aids the visitor is eligible to, in catalogue order. */
export function eligibleAids(
  bundle: Pick<Bundle, "institutions">,
  catalogue: Pick<Catalogue, "aids">,
  facts: EligibilityFacts,
): Droit[] {
  return catalogue.aids
    .filter((aid) => holds(aid.eligibility, facts))
    .map((aid) => aidToDroit(bundle, aid));
}

/** Why the visitor does not get this aid (the first condition they fail), or undefined. */
export function whyNot(aid: Aid, facts: EligibilityFacts): string | undefined {
  return firstFailure(aid.eligibility, facts);
}
