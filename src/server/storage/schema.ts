import type { Generated, Insertable, Selectable } from "kysely";

/**
 * The database as Kysely sees it. Column types stay portable between SQLite and PostgreSQL:
 * text and integer only, JSON and timestamps (ISO 8601, UTC) stored as text.
 */
export interface Database {
  simulations: SimulationsTable;
  followups: FollowupsTable;
  benefit_events: BenefitEventsTable;
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

export interface FollowupsTable {
  /** Random URL-safe id (128 bits, base64url). */
  id: string;
  simulation_id: string;
  /** SHA-256 (hex) of the follow-up's own bearer token (the survey link). */
  token_hash: string;
  /** Wiped after sending unless the visitor opted into the survey. */
  email: string | null;
  /** E.164; always wiped after sending. */
  phone: string | null;
  /** 0 or 1. */
  survey_optin: Generated<number>;
  /** JSON `[{ id, label }]`: the benefits found when the recap was sent. */
  benefits: Generated<string>;
  created_at: string;
  sent_at: string | null;
  /** `sent`, `error` or null when no e-mail was asked for. */
  email_state: string | null;
  sms_state: string | null;
  /** JSON `[{ benefitId, status }]`. */
  answers: string | null;
  answered_at: string | null;
}

export type FollowupRow = Selectable<FollowupsTable>;

/** One benefit event of the statistics endpoint (docs/product.md §3, version 2). */
export interface BenefitEventsTable {
  /** Random UUID. */
  id: string;
  benefit_id: string;
  /** The visitor id of the analytics tracker, or a random id prefixed with `uid_`. */
  hash_id: string;
  /** JSON object of A/B test variants, as sent. */
  abtesting: string | null;
  /** 1-based position of the benefit on the page. */
  benefit_index: number;
  page_total: number;
  /** `show`, `showDetails`, `click`… */
  event_type: string;
  version: number;
  created_at: string;
}
