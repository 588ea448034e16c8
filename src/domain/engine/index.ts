// The mapping from a situation to the engine's `/calculate` request, and back.
export * from "./types";
export { buildEngineRequest } from "./request";
export {
  extractDroits,
  grantedAmount,
  outputPeriod,
  receivedSettledDroits,
  toDroit,
} from "./outputs";
export { haversineKm } from "./geo";
export { injectedDroits, receivedBenefits, type ReceivedBenefit } from "./rules/injected-benefits";
export { householdMembers, isChildKept, MAX_CHILD_AGE } from "./rules/members";
export { isDependentOfParents } from "./rules/dependent-parents";
export { distanceDomicileFamilial, DISTANCE_PARENTS_ABROAD_KM } from "./rules/distance";
export { stableVariables } from "./rules/stable-answers";
export { readEligibilityFacts, requestEligibilityFacts, type FactRef } from "./eligibility-facts";
