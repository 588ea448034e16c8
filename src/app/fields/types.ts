import type { ChoiceOption, ResolvedField } from "../../domain";

export interface FieldProps {
  field: ResolvedField;
  /** The choices of choice and multi-choice fields. */
  options: ChoiceOption[];
  /** The step asks only this question, already shown as the page's h1: the label is kept for
   * assistive technologies but visually hidden. */
  hideLabel: boolean;
  /** Today as `YYYY-MM-DD`, the latest date a date field accepts. */
  today: string;
}

export function inputId(field: ResolvedField): string {
  return `champ-${field.name}`;
}
