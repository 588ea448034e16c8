import type { Generated, Insertable, Selectable } from "kysely";

/**
 * The database as Kysely sees it. Column types stay portable between SQLite and PostgreSQL:
 * text and integer only, JSON and timestamps (ISO 8601, UTC) stored as text.
 */
export interface Database {
  simulations: SimulationsTable;
}

export interface SimulationsTable {
  /** Random URL-safe id (128 bits, base64url). */
  id: string;
  /** SHA-256 (hex) of the 256-bit bearer token; the token itself is never stored. */
  token_hash: string;
  /** JSON `{ all, current }`. */
  answers: string;
  date_de_valeur: string;
  version: string | null;
  status: Generated<string>;
  /** JSON object of A/B test variants. */
  abtesting: string | null;
  modified_from: string | null;
  finished_at: string | null;
  /** JSON: person id → tax-income category → amount of the fiscal year. */
  ressources_fiscales: string | null;
  /** JSON: wealth item → amount. */
  patrimoine: string | null;
  created_at: string;
  updated_at: string;
}

export type SimulationRow = Selectable<SimulationsTable>;
export type NewSimulationRow = Insertable<SimulationsTable>;
