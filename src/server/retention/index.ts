export {
  anonymizeExpiredSimulations,
  RETENTION_POLICY,
  type AnonymizeOptions,
  type AnonymizeOutcome,
  type RetentionPolicy,
} from "./anonymize";
export { coarsenAnswers, coarsenBirthDate } from "./coarsen";
export { startRetentionJob, type RetentionJob, type RetentionLogger } from "./schedule";
