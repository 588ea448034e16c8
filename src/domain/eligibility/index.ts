export type { EligibilityFacts, EngineFacts } from "./facts";
export { eligibilityFacts } from "./build";
export { holds as eligibilityHolds, firstFailure } from "./evaluate";
export { OPERATOR_NAMES, familyQuotient } from "./operators";
export { aidAmount, aidToDroit, eligibleAids, whyNot } from "./aids";
export { explainBenefit, type Explanation } from "./explain";
export {
  communeIn,
  describeConditions,
  describeContext,
  describeTerritory,
  placeConditionsHold,
  placeName,
  type ConditionDescription,
  type DescribeContext,
} from "./describe";
