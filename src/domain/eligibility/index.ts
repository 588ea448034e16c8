export type { EligibilityFacts, EngineFacts } from "./facts";
export { eligibilityFacts } from "./build";
export { holds as eligibilityHolds, firstFailure } from "./evaluate";
export { familyQuotient } from "./operators";
export * from "./condition-names";
export {
  aidAmount,
  aidToDroit,
  aidVerdict,
  eligibleAids,
  whyNot,
  type GuessedCondition,
} from "./aids";
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
