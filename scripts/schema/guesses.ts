/**
 * Checks `guesses:` (journey.yaml, docs/schema-format.md "Guessed inputs"): unique ids; a derived
 * input names a value of `derived:` that can stand for a missing answer; the conditions are aid
 * conditions, none read by a profile (profiles are settled before the aids, from the facts as
 * they are); an effect on the aids comes with the words and links the visitor reads.
 */
import { CONDITION_NAMES } from "../../src/domain/eligibility/condition-names";
import type { SchemaError } from "./errors";
import type { ValidatedSchema } from "./model";

export function checkGuesses(schema: ValidatedSchema): SchemaError[] {
  const { file, value } = schema.journey;
  const errors: SchemaError[] = [];
  const seen = new Set<string>();
  const derived = new Map((value.derived ?? []).map((rule) => [rule.attribute, rule]));
  const profileConditions = new Set(
    (schema.profiles?.value.profiles ?? []).flatMap((profile) =>
      (profile.conditions ?? []).flatMap((condition) => Object.keys(condition as object)),
    ),
  );
  (value.guesses ?? []).forEach((guess, i) => {
    const at = (...path: (string | number)[]) => ["guesses", i, ...path];
    if (seen.has(guess.id)) errors.push(file.error(at("id"), `duplicate guess "${guess.id}"`));
    seen.add(guess.id);
    if ("derived" in guess.input) {
      const rule = derived.get(guess.input.derived);
      if (!rule)
        errors.push(
          file.error(at("input", "derived"), `"${guess.input.derived}" is not a value of derived:`),
        );
      else if (
        rule.value === undefined &&
        (rule.otherwise === undefined || rule.otherwise === null)
      )
        errors.push(
          file.error(
            at("input", "derived"),
            `"${guess.input.derived}" has no "otherwise": it stands for no missing answer`,
          ),
        );
    }
    guess.aids?.conditions.forEach((condition, c) => {
      if (!(CONDITION_NAMES as readonly string[]).includes(condition))
        errors.push(
          file.error(at("aids", "conditions", c), `"${condition}" is not an aid condition`),
        );
      else if (profileConditions.has(condition))
        errors.push(
          file.error(
            at("aids", "conditions", c),
            `"${condition}" is read by a profile: a guess cannot reach it there`,
          ),
        );
    });
    const effects = [
      guess.aids?.granted,
      guess.aids?.excluded,
      guess.bikeAids?.granted,
      guess.bikeAids?.excluded,
    ];
    if (effects.includes("possible")) {
      if (!guess.label) errors.push(file.error(at(), 'an effect "possible" needs a "label"'));
      if (!guess.reason) errors.push(file.error(at(), 'an effect "possible" needs a "reason"'));
      if (!guess.links) errors.push(file.error(at(), 'an effect "possible" needs "links"'));
    }
    if (effects.includes("check") && !guess.toCheck)
      errors.push(file.error(at(), 'an effect "check" needs a "toCheck"'));
    guess.links?.forEach((link, l) => {
      if (!link.url.startsWith("https://") && !link.url.startsWith("/simulation/"))
        errors.push(
          file.error(
            at("links", l, "url"),
            `"${link.url}" is neither an https page nor a page of the simulator (/simulation/…)`,
          ),
        );
    });
    const bounds = guess.bikeAids?.bounds.rfr;
    if (bounds && bounds[0] > bounds[1])
      errors.push(file.error(at("bikeAids", "bounds", "rfr"), "the lower bound comes first"));
  });
  return errors;
}
