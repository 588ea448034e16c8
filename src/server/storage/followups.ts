import type { Kysely } from "kysely";
import type { Database, FollowupRow } from "./schema";
import { hashToken, newSimulationId, newToken } from "./tokens";

/** Survey answers (spec: already had it / tried and failed / applied / did nothing). */
export const FOLLOWUP_STATUSES = ["already", "failed", "applied", "nothing"] as const;
export type FollowupStatus = (typeof FOLLOWUP_STATUSES)[number];

export interface FollowupBenefit {
  id: string;
  label: string;
}

export interface FollowupAnswer {
  benefitId: string;
  status: FollowupStatus;
}

export interface Followup {
  id: string;
  simulationId: string;
  email: string | null;
  phone: string | null;
  surveyOptin: boolean;
  benefits: FollowupBenefit[];
  createdAt: string;
  sentAt: string | null;
  emailState: string | null;
  smsState: string | null;
  answers: FollowupAnswer[] | null;
  answeredAt: string | null;
}

export interface NewFollowup {
  simulationId: string;
  email?: string | undefined;
  phone?: string | undefined;
  surveyOptin: boolean;
  benefits: FollowupBenefit[];
}

export interface SendingOutcome {
  emailState: string | null;
  smsState: string | null;
}

export interface FollowupRepository {
  /** Stores a follow-up; returns it with its bearer token, given once and stored hashed. */
  createFollowup(input: NewFollowup): Promise<{ followup: Followup; token: string }>;
  /** Records what was sent and wipes the contact data the survey does not need. */
  markSent(id: string, outcome: SendingOutcome): Promise<Followup>;
  /** The most recent follow-up of a simulation. */
  latestForSimulation(simulationId: string): Promise<Followup | undefined>;
  byToken(token: string): Promise<Followup | undefined>;
  saveAnswers(id: string, answers: FollowupAnswer[]): Promise<Followup>;
}

export function createFollowupRepository(
  db: Kysely<Database>,
  now: () => Date = () => new Date(),
): FollowupRepository {
  const get = async (id: string) => {
    const row = await db
      .selectFrom("followups")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return fromRow(row);
  };
  return {
    async createFollowup(input) {
      const id = newSimulationId();
      const token = newToken();
      await db
        .insertInto("followups")
        .values({
          id,
          simulation_id: input.simulationId,
          token_hash: hashToken(token),
          email: input.email ?? null,
          phone: input.phone ?? null,
          survey_optin: input.surveyOptin ? 1 : 0,
          benefits: JSON.stringify(input.benefits),
          created_at: now().toISOString(),
          sent_at: null,
          email_state: null,
          sms_state: null,
          answers: null,
          answered_at: null,
        })
        .execute();
      return { followup: await get(id), token };
    },

    async markSent(id, outcome) {
      const current = await get(id);
      await db
        .updateTable("followups")
        .set({
          sent_at: now().toISOString(),
          email_state: outcome.emailState,
          sms_state: outcome.smsState,
          // The survey is sent by e-mail: the address is kept only for it.
          email: current.surveyOptin ? current.email : null,
          phone: null,
        })
        .where("id", "=", id)
        .execute();
      return get(id);
    },

    async latestForSimulation(simulationId) {
      const row = await db
        .selectFrom("followups")
        .selectAll()
        .where("simulation_id", "=", simulationId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .executeTakeFirst();
      return row && fromRow(row);
    },

    async byToken(token) {
      const row = await db
        .selectFrom("followups")
        .selectAll()
        .where("token_hash", "=", hashToken(token))
        .executeTakeFirst();
      return row && fromRow(row);
    },

    async saveAnswers(id, answers) {
      await db
        .updateTable("followups")
        .set({ answers: JSON.stringify(answers), answered_at: now().toISOString() })
        .where("id", "=", id)
        .execute();
      return get(id);
    },
  };
}

function fromRow(row: FollowupRow): Followup {
  return {
    id: row.id,
    simulationId: row.simulation_id,
    email: row.email,
    phone: row.phone,
    surveyOptin: row.survey_optin === 1,
    benefits: JSON.parse(row.benefits) as FollowupBenefit[],
    createdAt: row.created_at,
    sentAt: row.sent_at,
    emailState: row.email_state,
    smsState: row.sms_state,
    answers: row.answers === null ? null : (JSON.parse(row.answers) as FollowupAnswer[]),
    answeredAt: row.answered_at,
  };
}
