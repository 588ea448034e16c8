/**
 * The mapping rules of `src/domain/engine/rules` that report the input they guess (the schema's
 * `guesses:` may name these only; docs/engine-notes.md "Guessed inputs"). No imports: the schema
 * generator reads this list too.
 */
export const GUESS_RULES = ["fiscal_defaults", "past_benefits"] as const;
