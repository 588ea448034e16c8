/**
 * Where an aid is written (ADR 0006): `aids/<institutions file>/<institution id>.yaml` holds the
 * aids of that institution only, the directory being named like the institutions file that
 * declares it (`aids/regions/region_bretagne.yaml` for an institution of `institutions/regions.yaml`).
 */
import type { SchemaError } from "./errors";
import type { ValidatedSchema } from "./model";

export function checkAidFiles(schema: ValidatedSchema): SchemaError[] {
  const declaredIn = new Map<string, string>();
  for (const { file, value } of schema.institutions) {
    const name = file.rel.replace(/^.*\//, "").replace(/\.yaml$/, "");
    // A duplicate id is reported by the references check; its first declaration counts.
    for (const institution of value.institutions)
      if (!declaredIn.has(institution.id)) declaredIn.set(institution.id, name);
  }
  const errors: SchemaError[] = [];
  for (const { file, value } of schema.aids) {
    const match = /(?:^|\/)aids\/(.+)$/.exec(file.rel);
    const [dir, base] = (match?.[1] ?? "").split("/");
    value.aids.forEach((aid, i) => {
      const kind = declaredIn.get(aid.institution);
      if (kind === undefined) return; // reported by the references check
      const expected = `aids/${kind}/${aid.institution}.yaml`;
      if (dir !== kind || base !== `${aid.institution}.yaml`)
        errors.push(
          file.error(
            ["aids", i, "institution"],
            `an aid of "${aid.institution}" belongs in schema/${expected} (one file per institution)`,
          ),
        );
    });
  }
  return errors;
}
