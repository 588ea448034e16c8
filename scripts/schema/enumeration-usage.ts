/**
 * Every enumeration and every value of it is used: offered by a field (all its values when the
 * field has no `options`), listed by an aid operator (`study_year`…), named by the bike-aid
 * settings, or declared in `readByApplication` when the application reads the list itself.
 */
import { VALUE_LISTS } from "./aids";
import { withHint, type SchemaError } from "./errors";
import type { FieldYaml } from "./format";
import type { ValidatedSchema } from "./model";
import { didYouMean } from "./suggest";

export function checkEnumerationUsage(schema: ValidatedSchema): SchemaError[] {
  const { file, value } = schema.enumerations;
  const enumerations = value.enumerations;
  const errors: SchemaError[] = [];

  /** Enumeration → the values used, or "all". */
  const used = new Map<string, Set<string | number> | "all">();
  const use = (name: string, values: readonly (string | number)[] | "all") => {
    const previous = used.get(name);
    if (previous === "all") return;
    if (values === "all") used.set(name, "all");
    else used.set(name, new Set([...(previous ?? []), ...values]));
  };
  const fields: FieldYaml[] = [
    ...schema.blocks.flatMap(({ value: block }) => block.steps.flatMap((step) => step.fields)),
    ...schema.incomes.value.types.flatMap((type) => type.fields ?? []),
  ];
  for (const field of fields) {
    if (field.enum === undefined) continue;
    use(field.enum, field.options ? field.options.map((option) => option.value) : "all");
  }
  for (const name of Object.values(VALUE_LISTS)) use(name, "all");
  const bikes = schema.bikeAids?.value.bikeAids;
  if (bikes) {
    use("velo_type", Object.keys(bikes.types));
    use("activite", Object.keys(bikes.statuses));
  }
  value.readByApplication?.forEach((name, i) => {
    if (enumerations[name]) use(name, "all");
    else
      errors.push(
        withHint(
          file.error(["readByApplication", i], `unknown enumeration "${name}"`),
          didYouMean(name, Object.keys(enumerations)),
        ),
      );
  });

  for (const [name, options] of Object.entries(enumerations)) {
    const values = used.get(name);
    if (values === undefined) {
      errors.push(
        withHint(
          file.error(
            ["enumerations", name],
            `enumeration "${name}" is used by no field, aid condition or bike-aid setting`,
          ),
          `Supprimez cette liste si plus rien ne s’en sert ; si l’application la lit elle-même, ajoutez ${name} à readByApplication (en bas du fichier).`,
        ),
      );
      continue;
    }
    if (values === "all") continue;
    options.forEach((option, i) => {
      if (values.has(option.value)) return;
      errors.push(
        withHint(
          file.error(
            ["enumerations", name, i, "value"],
            `value "${option.value}" of enumeration "${name}" is offered by no field`,
          ),
          `Supprimez cette valeur, ou ajoutez-la aux options d’un champ qui utilise la liste (enum: ${name}).`,
        ),
      );
    });
  }
  return errors;
}
