/**
 * `schema/results.yaml` (docs/schema-format.md, "Results page"): the results page's categories,
 * themes and exclusions. Checked here: unique ids, every named benefit, aid and interest flag
 * known, a last category that takes every result left, exclusions whose options do not overlap
 * and whose preferred result is one of theirs. Converted to the bundle's `results`.
 */
import type { CertaintySection, ResultsRules } from "../../src/domain/bundle";
import { collectAids } from "./aids";
import { withHint, type SchemaError, type Segment } from "./errors";
import type { ValidatedSchema } from "./model";
import { frenchTypography } from "./normalise";
import { didYouMean } from "./suggest";

/** The ids a rule may name: engine benefits and condition-based aids (families included). */
export function resultIds(schema: ValidatedSchema): Set<string> {
  return new Set([
    ...schema.benefits.flatMap(({ value }) => (value.benefits ?? []).map((benefit) => benefit.id)),
    ...collectAids(schema).map((source) => source.aid.id),
  ]);
}

function interestFlags(schema: ValidatedSchema): Set<string> {
  const flags = new Set<string>();
  for (const { value } of schema.benefits)
    for (const benefit of value.benefits ?? [])
      if (benefit.interestFlag) flags.add(benefit.interestFlag);
  for (const source of collectAids(schema))
    if (source.aid.interestFlag) flags.add(source.aid.interestFlag);
  if (schema.bikeAids) flags.add(schema.bikeAids.value.bikeAids.interestFlag);
  return flags;
}

export function checkResultsRules(schema: ValidatedSchema): SchemaError[] {
  const parsed = schema.results;
  if (!parsed) return [];
  const { file, value } = parsed;
  const errors: SchemaError[] = [];
  const known = resultIds(schema);
  const checkId = (path: Segment[], id: string) => {
    if (!known.has(id))
      errors.push(
        withHint(
          file.error(path, `unknown benefit or aid "${id}"`),
          didYouMean(id, known) ??
            "Les identifiants sont ceux des aides de schema/benefits et schema/aids.",
        ),
      );
  };
  const unique = (kind: string, list: { id: string }[], key: string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.id))
        errors.push(file.error([key, i, "id"], `duplicate ${kind} "${item.id}"`));
      seen.add(item.id);
    });
  };
  unique("category", value.categories, "categories");
  unique("theme", value.themes, "themes");
  unique("exclusion", value.exclusions, "exclusions");

  const categoryOfId = new Map<string, string>();
  value.categories.forEach((category, i) => {
    category.ids?.forEach((id, j) => {
      checkId(["categories", i, "ids", j], id);
      const other = categoryOfId.get(id);
      if (other !== undefined)
        errors.push(
          file.error(["categories", i, "ids", j], `"${id}" is already in category "${other}"`),
        );
      categoryOfId.set(id, category.id);
    });
  });
  const lastIndex = value.categories.length - 1;
  const last = value.categories[lastIndex]!;
  if (last.match || last.total !== "none")
    errors.push(
      file.error(
        ["categories", lastIndex],
        `the last category "${last.id}" takes every result left: it needs no match and total: none`,
      ),
    );

  const flags = interestFlags(schema);
  const themeOfId = new Map<string, string>();
  value.themes.forEach((theme, i) => {
    theme.ids?.forEach((id, j) => {
      checkId(["themes", i, "ids", j], id);
      const other = themeOfId.get(id);
      if (other !== undefined)
        errors.push(file.error(["themes", i, "ids", j], `"${id}" is already in theme "${other}"`));
      themeOfId.set(id, theme.id);
    });
    theme.interestFlags?.forEach((flag, j) => {
      if (!flags.has(flag))
        errors.push(
          withHint(
            file.error(["themes", i, "interestFlags", j], `unknown interest flag "${flag}"`),
            didYouMean(flag, flags),
          ),
        );
    });
  });
  if (!value.themes.some((theme) => theme.id === value.defaultTheme))
    errors.push(file.error(["defaultTheme"], `unknown theme "${value.defaultTheme}"`));

  value.exclusions.forEach((exclusion, i) => {
    const seen = new Set<string>();
    exclusion.options.forEach((option, j) =>
      option.forEach((id, k) => {
        const path: Segment[] = ["exclusions", i, "options", j, k];
        checkId(path, id);
        if (seen.has(id)) errors.push(file.error(path, `"${id}" is in two options`));
        seen.add(id);
      }),
    );
    if (exclusion.preferred !== undefined && !seen.has(exclusion.preferred))
      errors.push(
        file.error(
          ["exclusions", i, "preferred"],
          `"${exclusion.preferred}" is not one of the exclusion's options`,
        ),
      );
  });
  return errors;
}

export function convertResultsRules(schema: ValidatedSchema): ResultsRules | undefined {
  const value = schema.results?.value;
  if (!value) return undefined;
  return {
    categories: value.categories.map((category) => ({
      ...category,
      label: frenchTypography(category.label),
      ...(category.match
        ? {
            match: {
              ...category.match,
              ...(category.match.legends
                ? { legends: category.match.legends.map(frenchTypography) }
                : {}),
            },
          }
        : {}),
    })),
    themes: value.themes.map((theme) => ({
      ...theme,
      label: frenchTypography(theme.label),
      ...(theme.keywords ? { keywords: theme.keywords.map(frenchTypography) } : {}),
    })),
    defaultTheme: value.defaultTheme,
    exclusions: value.exclusions.map((exclusion) => ({
      ...exclusion,
      reason: frenchTypography(exclusion.reason),
    })),
    certainty: {
      to_verify: typographySection(value.certainty.to_verify),
      on_application: typographySection(value.certainty.on_application),
    },
  };
}

function typographySection(section: CertaintySection): CertaintySection {
  return {
    label: frenchTypography(section.label),
    intro: frenchTypography(section.intro),
    badge: frenchTypography(section.badge),
    conditions: frenchTypography(section.conditions),
  };
}
