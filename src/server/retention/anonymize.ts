import type { Kysely } from "kysely";
import type { Answers } from "../../domain";
import type { Database } from "../storage";
import { coarsenAnswers } from "./coarsen";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPolicy {
  /** Days a simulation keeps its answers as given (spec: 7). */
  simulationDays: number;
  /** Days when a follow-up (recap) exists, for the survey (spec: 31). */
  followupDays: number;
}

export const RETENTION_POLICY: RetentionPolicy = { simulationDays: 7, followupDays: 31 };

export interface AnonymizeOptions {
  now?: () => Date;
  policy?: RetentionPolicy;
  /** Simulations read per query. */
  batchSize?: number;
}

export interface AnonymizeOutcome {
  /** Ids of the simulations this run anonymised. */
  anonymized: string[];
  /** Ids of expired simulations whose stored answers could not be read (left for a person). */
  unreadable: string[];
}

/**
 * Anonymises every simulation past its retention period. Each simulation is rewritten in its own
 * transaction (coarsened answers, status `anonymized`, its follow-ups' e-mail and phone wiped), so
 * a crash leaves each one either untouched or fully anonymised, and the next run finishes the job.
 * The status check inside the transaction makes concurrent runs (several instances) harmless.
 * Only visitors' simulations (`new`) are anonymised: `test`, `investigation` and `demo` ones are
 * set by the team for those purposes.
 */
export async function anonymizeExpiredSimulations(
  db: Kysely<Database>,
  { now = () => new Date(), policy = RETENTION_POLICY, batchSize = 200 }: AnonymizeOptions = {},
): Promise<AnonymizeOutcome> {
  const at = now();
  const simulationCutoff = new Date(at.getTime() - policy.simulationDays * DAY_MS).toISOString();
  const followupCutoff = new Date(at.getTime() - policy.followupDays * DAY_MS).toISOString();
  const anonymized: string[] = [];
  const unreadable: string[] = [];
  // Rows already seen and not anonymised by this run are not read again.
  const skipped = new Set<string>();

  for (;;) {
    let query = db
      .selectFrom("simulations")
      .select(["id", "answers", "date_de_valeur"])
      .where("status", "=", "new")
      // ISO 8601 UTC timestamps compare as text in SQLite and PostgreSQL alike.
      .where("created_at", "<", simulationCutoff)
      .where((eb) =>
        eb.or([
          eb("created_at", "<", followupCutoff),
          eb.not(
            eb.exists(
              eb
                .selectFrom("followups")
                .select("followups.id")
                .whereRef("followups.simulation_id", "=", "simulations.id"),
            ),
          ),
        ]),
      )
      .orderBy("created_at")
      .orderBy("id")
      .limit(batchSize);
    if (skipped.size > 0) query = query.where("id", "not in", [...skipped]);
    const rows = await query.execute();
    if (rows.length === 0) break;

    for (const row of rows) {
      let answers: string;
      try {
        answers = JSON.stringify(
          coarsenAnswers(JSON.parse(row.answers) as Answers, row.date_de_valeur),
        );
      } catch {
        unreadable.push(row.id);
        skipped.add(row.id);
        continue;
      }
      const done = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("simulations")
          .set({ answers, status: "anonymized", updated_at: at.toISOString() })
          .where("id", "=", row.id)
          .where("status", "=", "new")
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await trx
          .updateTable("followups")
          .set({ email: null, phone: null })
          .where("simulation_id", "=", row.id)
          .execute();
        return true;
      });
      if (done) anonymized.push(row.id);
      else skipped.add(row.id);
    }
  }
  return { anonymized, unreadable };
}
