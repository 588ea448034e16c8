import type { AnswerValue, ChoiceOption, ResolvedField } from "../../domain";
import { formatDateFr } from "../steps/validateField";
import { onFirstUse } from "../../domain";

const euros = onFirstUse(
  () => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }),
);
const numbers = onFirstUse(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }));

function labelOf(options: ChoiceOption[], value: string | number): string {
  return options.find((option) => option.value === value)?.label ?? String(value);
}

/** An answer as the visitor would say it, for the recap. */
export function formatAnswer(
  field: ResolvedField,
  value: AnswerValue,
  options: ChoiceOption[],
): string {
  if (typeof value === "boolean") return value ? "Oui" : "Non";
  if (Array.isArray(value)) {
    return value.length ? value.map((item) => labelOf(options, item)).join(", ") : "Aucune";
  }
  if (typeof value === "object") {
    if ("code_insee" in value) return `${value.nom} (${value.code_postal})`;
    const periods = field.periods ?? Object.keys(value).map((id) => ({ id, label: id }));
    const amounts = periods.map((period) => ({ period, amount: value[period.id] ?? 0 }));
    const [first] = amounts;
    if (first && amounts.length > 1 && amounts.every(({ amount }) => amount === first.amount)) {
      return `${euros().format(first.amount)} par mois`;
    }
    return amounts
      .map(({ period, amount }) => `${period.label}\u00a0: ${euros().format(amount)}`)
      .join(", ");
  }
  switch (field.kind) {
    case "choice":
      return labelOf(options, value);
    case "date":
      return typeof value === "string" ? formatDateFr(value) : String(value);
    case "money":
      return typeof value === "number" ? euros().format(value) : String(value);
    case "number":
      return typeof value === "number" ? numbers().format(value) : String(value);
    default:
      return String(value);
  }
}
