import { checkAidFiles } from "./aid-files";
import { checkAids, checkProfiles, collectAids } from "./aids";
import { checkBenefits, checkInstitutions } from "./benefit-rules";
import { checkDerived } from "./derived";
import type { SchemaError, Segment } from "./errors";
import { buildFieldIndex } from "./fields";
import { checkForwardReferences, type PredicateSites } from "./forward";
import { checkGuesses } from "./guesses";
import type { SourceFile } from "./load";
import type { ValidatedSchema } from "./model";
import { checkPredicate, type PredicateSite } from "./predicate-check";
import { checkReferences } from "./references";
import { checkEnumerationUsage } from "./enumeration-usage";
import { checkLinkSchemes } from "./link-rules";
import { checkStability } from "./stability";
import { checkWriters } from "./writers";

/** Everything that spans files: ids and references, predicates, and the journey order. */
export function crossCheck(schema: ValidatedSchema): SchemaError[] {
  const { index: fields, errors } = buildFieldIndex(schema);
  errors.push(...checkReferences(schema), ...checkWriters(schema), ...checkStability(schema));
  errors.push(...checkEnumerationUsage(schema), ...checkLinkSchemes(schema));

  const parameters = new Set(schema.parameters.value.parameters.map((parameter) => parameter.name));
  const check = (predicate: unknown, file: SourceFile, path: Segment[], selfAllowed: boolean) => {
    const result = checkPredicate(predicate, file, path, { fields, parameters, selfAllowed });
    errors.push(...result.errors);
    return result.site;
  };

  const sites: PredicateSites = { steps: new Map(), journey: new Map(), incomeTypes: [] };
  for (const { file, value: block } of schema.blocks) {
    const isPerson = block.kind === "person";
    block.steps.forEach((step, s) => {
      const stepSites: PredicateSite[] = [];
      if (step.when !== undefined)
        stepSites.push(check(step.when, file, ["steps", s, "when"], isPerson));
      step.fields.forEach((field, f) => {
        field.options?.forEach((option, o) => {
          if (option.when === undefined) return;
          const path = ["steps", s, "fields", f, "options", o, "when"];
          stepSites.push(check(option.when, file, path, isPerson));
        });
      });
      sites.steps.set(step, stepSites);
    });
  }

  const kinds = new Map(schema.blocks.map(({ value }) => [value.block, value.kind]));
  schema.journey.value.journey.forEach((entry, i) => {
    if (entry.when === undefined) return;
    const isPerson = kinds.get(entry.block) === "person";
    sites.journey.set(i, check(entry.when, schema.journey.file, ["journey", i, "when"], isPerson));
  });

  schema.incomes.value.types.forEach((type, i) => {
    const file = schema.incomes.file;
    if (type.when !== undefined) {
      sites.incomeTypes.push(check(type.when, file, ["types", i, "when"], true));
    }
    if (Array.isArray(type.label)) {
      type.label.forEach((label, l) => {
        if (label.when === undefined) return;
        sites.incomeTypes.push(check(label.when, file, ["types", i, "label", l, "when"], true));
      });
    }
  });

  errors.push(...checkForwardReferences(schema, sites));
  // Prefilters run after the whole questionnaire: no forward reference to check.
  errors.push(...checkInstitutions(schema), ...checkBenefits(schema, fields, parameters));
  // Profiles, like prefilters, are read once the questionnaire is over.
  schema.profiles?.value.profiles.forEach((profile, i) => {
    if (profile.when !== undefined)
      check(profile.when, schema.profiles!.file, ["profiles", i, "when"], true);
  });
  errors.push(...checkProfiles(schema));
  const benefitIds = new Set(
    schema.benefits.flatMap(({ value }) => (value.benefits ?? []).map((benefit) => benefit.id)),
  );
  errors.push(...checkAids(schema, collectAids(schema), fields, benefitIds));
  errors.push(...checkDerived(schema, fields), ...checkAidFiles(schema));
  errors.push(...checkGuesses(schema));
  return errors;
}
