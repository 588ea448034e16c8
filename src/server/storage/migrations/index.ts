import type { Migration, MigrationProvider } from "kysely";
import { simulations } from "./0001_simulations";
import { fiscalAndWealth } from "./0002_fiscal_and_wealth";
import { followups } from "./0003_followups";
import { benefitEvents } from "./0004_benefit_events";

/**
 * Every migration, listed by hand rather than read from a folder so that they survive bundling.
 * Names sort alphabetically in execution order; never rename or reorder an applied one.
 */
export const migrations: Record<string, Migration> = {
  "0001_simulations": simulations,
  "0002_fiscal_and_wealth": fiscalAndWealth,
  "0003_followups": followups,
  "0004_benefit_events": benefitEvents,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
