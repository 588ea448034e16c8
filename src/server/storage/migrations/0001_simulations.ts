import type { Kysely, Migration } from "kysely";

export const simulations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("simulations")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("token_hash", "text", (col) => col.notNull())
      .addColumn("answers", "text", (col) => col.notNull())
      .addColumn("date_de_valeur", "text", (col) => col.notNull())
      .addColumn("version", "text")
      .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
      .addColumn("abtesting", "text")
      .addColumn("modified_from", "text")
      .addColumn("finished_at", "text")
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("simulations").execute();
  },
};
