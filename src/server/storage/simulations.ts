import type { Kysely } from "kysely";
import type { Answers, Patrimoine, RessourcesFiscales, SimulationInput } from "../../domain";
import type { Database, SimulationRow } from "./schema";
import { hashToken, newSimulationId, newToken, tokenMatchesHash } from "./tokens";

/** Account status (docs/product.md §3 enumerations). */
export type SimulationStatus = "new" | "test" | "investigation" | "anonymized" | "demo";

/** A stored simulation, without its secret. This is what the results computation receives. */
export interface Simulation {
  id: string;
  answers: Answers;
  dateDeValeur: string;
  version: string | null;
  status: SimulationStatus;
  abtesting: Record<string, unknown> | null;
  modifiedFrom: string | null;
  finishedAt: string | null;
  ressourcesFiscales: RessourcesFiscales | null;
  patrimoine: Patrimoine | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoredSimulation extends Simulation {
  /** SHA-256 (hex) of the bearer token. Never sent to a client. */
  tokenHash: string;
}

export interface CreatedSimulation {
  id: string;
  /** The bearer token, returned once to the creator and never stored in clear. */
  token: string;
}

export interface SimulationRepository {
  createSimulation(input: SimulationInput): Promise<CreatedSimulation>;
  /**
   * Replaces what the visitor saved (answers, value date, version, A/B values, taxable incomes,
   * wealth) while the simulation is still open: false, and nothing changed, once it was
   * anonymised or a recap was sent for it (the recap's link must keep showing what it showed).
   */
  updateSimulation(id: string, input: SimulationInput): Promise<boolean>;
  getSimulation(id: string): Promise<StoredSimulation | undefined>;
  countSimulations(): Promise<number>;
  /** Whether a recap was sent for it: an anonymised simulation keeps its results only then. */
  hasFollowup(id: string): Promise<boolean>;
}

export function createSimulationRepository(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): SimulationRepository {
  return {
    async createSimulation(input) {
      const id = newSimulationId();
      const token = newToken();
      const timestamp = now().toISOString();
      await db
        .insertInto("simulations")
        .values({
          id,
          token_hash: hashToken(token),
          answers: JSON.stringify({ all: input.answers.all, current: input.answers.current }),
          date_de_valeur: input.dateDeValeur,
          version: input.version ?? null,
          abtesting: input.abtesting === undefined ? null : JSON.stringify(input.abtesting),
          modified_from: input.modifiedFrom ?? null,
          finished_at: input.finishedAt ?? null,
          ressources_fiscales: jsonOrNull(input.ressourcesFiscales),
          patrimoine: jsonOrNull(input.patrimoine),
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
      return { id, token };
    },

    async updateSimulation(id, input) {
      const result = await db
        .updateTable("simulations")
        .set({
          answers: JSON.stringify({ all: input.answers.all, current: input.answers.current }),
          date_de_valeur: input.dateDeValeur,
          version: input.version ?? null,
          abtesting: input.abtesting === undefined ? null : JSON.stringify(input.abtesting),
          finished_at: input.finishedAt ?? null,
          ressources_fiscales: jsonOrNull(input.ressourcesFiscales),
          patrimoine: jsonOrNull(input.patrimoine),
          updated_at: now().toISOString(),
        })
        .where("id", "=", id)
        .where("status", "<>", "anonymized")
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("followups").select("id").where("simulation_id", "=", id))),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async getSimulation(id) {
      const row = await db
        .selectFrom("simulations")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirst();
      return row && fromRow(row);
    },

    async countSimulations() {
      const { count } = await db
        .selectFrom("simulations")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      // PostgreSQL returns bigint counts as strings.
      return Number(count);
    },

    async hasFollowup(id) {
      const row = await db
        .selectFrom("followups")
        .select("id")
        .where("simulation_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Whether `token` is the bearer token of `simulation` (constant-time comparison of hashes). */
export function verifyToken(
  simulation: Pick<StoredSimulation, "tokenHash">,
  token: string,
): boolean {
  return tokenMatchesHash(token, simulation.tokenHash);
}

/** Drops the secret before a simulation leaves the storage layer for computation or display. */
export function withoutSecret({
  tokenHash: _tokenHash,
  ...simulation
}: StoredSimulation): Simulation {
  return simulation;
}

function fromRow(row: SimulationRow): StoredSimulation {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    answers: JSON.parse(row.answers) as Answers,
    dateDeValeur: row.date_de_valeur,
    version: row.version,
    status: row.status as SimulationStatus,
    abtesting:
      row.abtesting === null ? null : (JSON.parse(row.abtesting) as Record<string, unknown>),
    modifiedFrom: row.modified_from,
    finishedAt: row.finished_at,
    ressourcesFiscales: parseOrNull<RessourcesFiscales>(row.ressources_fiscales),
    patrimoine: parseOrNull<Patrimoine>(row.patrimoine),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function parseOrNull<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
