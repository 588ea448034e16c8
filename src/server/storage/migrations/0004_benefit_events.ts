import type { Kysely, Migration } from "kysely";

/** Benefit events of the statistics endpoint (docs/product.md §3 "Benefit event", version 2). */
export const benefitEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("benefit_events")
      .addColumn("id", "text", (column) => column.primaryKey())
      .addColumn("benefit_id", "text", (column) => column.notNull())
      .addColumn("hash_id", "text", (column) => column.notNull())
      .addColumn("abtesting", "text")
      .addColumn("benefit_index", "integer", (column) => column.notNull())
      .addColumn("page_total", "integer", (column) => column.notNull())
      .addColumn("event_type", "text", (column) => column.notNull())
      .addColumn("version", "integer", (column) => column.notNull())
      .addColumn("created_at", "text", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("benefit_events_type_benefit")
      .on("benefit_events")
      .columns(["event_type", "benefit_id"])
      .execute();
    await db.schema
      .createIndex("benefit_events_created_at")
      .on("benefit_events")
      .column("created_at")
      .execute();
    // The chart of simulations per day reads them by creation date.
    await db.schema
      .createIndex("simulations_created_at")
      .on("simulations")
      .column("created_at")
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("simulations_created_at").execute();
    await db.schema.dropTable("benefit_events").execute();
  },
};
