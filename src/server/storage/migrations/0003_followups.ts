import type { Kysely, Migration } from "kysely";

/** Recaps sent by e-mail or SMS and the answers to the follow-up survey. */
export const followups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("followups")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("simulation_id", "text", (column) =>
        column.notNull().references("simulations.id").onDelete("cascade"),
      )
      .addColumn("token_hash", "text", (column) => column.notNull().unique())
      .addColumn("email", "text")
      .addColumn("phone", "text")
      .addColumn("survey_optin", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("benefits", "text", (column) => column.notNull().defaultTo("[]"))
      .addColumn("created_at", "text", (column) => column.notNull())
      .addColumn("sent_at", "text")
      .addColumn("email_state", "text")
      .addColumn("sms_state", "text")
      .addColumn("answers", "text")
      .addColumn("answered_at", "text")
      .execute();
    await db.schema
      .createIndex("followups_simulation_id")
      .on("followups")
      .column("simulation_id")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("followups").execute();
  },
};
