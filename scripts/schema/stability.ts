/**
 * Monthly engine variables say whether their answer holds over the last 3 months (`stable:
 * last_3_months`: the domain copies it to the 3 months before, which the prime d'activité, the RSA
 * and the youth engagement contract read) or for the current month only (`stable: current_month`).
 * A variable mapped from several places is classified the same way everywhere.
 */
import { withHint, type SchemaError, type Segment } from "./errors";
import type { SourceFile } from "./load";
import type { ValidatedSchema } from "./model";

interface Site {
  file: SourceFile;
  /** Path of the `engine` mapping. */
  path: Segment[];
  engine: { variable: string; period: string; stable?: string };
}

const MISSING_HINT =
  "Ajoutez stable: last_3_months si la réponse décrit aussi les 3 mois précédents (activité, " +
  "logement, handicap…), ou stable: current_month si elle ne vaut que pour le mois en cours. " +
  "Exemple : engine: { variable: activite, period: month, stable: last_3_months }. Voir " +
  "docs/schema-format.md (« engine »).";

export function checkStability(schema: ValidatedSchema): SchemaError[] {
  const sites: Site[] = [];
  for (const { file, value: block } of schema.blocks) {
    block.steps.forEach((step, s) =>
      step.fields.forEach((field, f) => {
        if (field.engine)
          sites.push({ file, path: ["steps", s, "fields", f, "engine"], engine: field.engine });
      }),
    );
  }
  schema.incomes.value.types.forEach((type, t) =>
    type.fields?.forEach((field, f) => {
      if (field.engine)
        sites.push({
          file: schema.incomes.file,
          path: ["types", t, "fields", f, "engine"],
          engine: field.engine,
        });
    }),
  );
  schema.journey.value.derived?.forEach((derived, d) => {
    if (derived.engine)
      sites.push({
        file: schema.journey.file,
        path: ["derived", d, "engine"],
        engine: derived.engine,
      });
  });

  const errors: SchemaError[] = [];
  const first = new Map<string, Site>();
  for (const site of sites) {
    const { file, path, engine } = site;
    if (engine.period !== "month") {
      if (engine.stable !== undefined)
        errors.push(
          withHint(
            file.error(
              [...path, "stable"],
              `"stable" is only for monthly variables (period: month)`,
            ),
            "Retirez stable : seules les variables mensuelles (period: month) en ont besoin.",
          ),
        );
      continue;
    }
    if (engine.stable === undefined) {
      errors.push(
        withHint(
          file.error(
            path,
            `missing key "stable" (monthly variable "${engine.variable}": last_3_months or current_month)`,
          ),
          MISSING_HINT,
        ),
      );
      continue;
    }
    const previous = first.get(engine.variable);
    if (!previous) {
      first.set(engine.variable, site);
    } else if (previous.engine.stable !== engine.stable) {
      const where = `${previous.file.rel}:${previous.file.lineOf(previous.path)}`;
      errors.push(
        withHint(
          file.error(
            [...path, "stable"],
            `"${engine.variable}" is stable: ${previous.engine.stable ?? "(missing)"} at ${where}, ${engine.stable} here`,
          ),
          `Une même variable du moteur a la même stabilité partout : écrivez stable: ${previous.engine.stable} ici aussi, ou changez les deux.`,
        ),
      );
    }
  }
  return errors;
}
