export type {
  Database,
  FollowupRow,
  FollowupsTable,
  SimulationsTable,
  SimulationRow,
  NewSimulationRow,
} from "./schema";
export {
  DEFAULT_DATABASE_PATH,
  openDatabase,
  openPostgresDatabase,
  openSqliteDatabase,
  withoutPassword,
  type DatabaseDialect,
  type DatabaseHandle,
  type DatabaseOptions,
} from "./connection";
export { migrateToLatest, type MigrationOutcome } from "./migrate";
export { migrations, migrationProvider } from "./migrations/index";
export {
  createSimulationRepository,
  verifyToken,
  withoutSecret,
  type CreatedSimulation,
  type Simulation,
  type SimulationRepository,
  type SimulationStatus,
  type StoredSimulation,
} from "./simulations";
export { SIMULATION_ID_PATTERN, hashToken } from "./tokens";
export { isDatabaseUnavailable } from "./unavailable";
export {
  createFollowupRepository,
  FOLLOWUP_STATUSES,
  type Followup,
  type FollowupAnswer,
  type FollowupBenefit,
  type FollowupRepository,
  type FollowupStatus,
  type NewFollowup,
  type SendingOutcome,
} from "./followups";
