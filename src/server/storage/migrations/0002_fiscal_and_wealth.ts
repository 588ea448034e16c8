import type { Kysely, Migration } from "kysely";

/** Taxable incomes of the fiscal year and wealth, stored beside the answers as JSON text. */
export const fiscalAndWealth: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("simulations").addColumn("ressources_fiscales", "text").execute();
    await db.schema.alterTable("simulations").addColumn("patrimoine", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("simulations").dropColumn("patrimoine").execute();
    await db.schema.alterTable("simulations").dropColumn("ressources_fiscales").execute();
  },
};
