/** How amounts and counts read on the results, the aids pages and the recap e-mail. */
import type { Droit } from "./types";
import { onFirstUse } from "./on-first-use";

const euros = onFirstUse(
  () => new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }),
);
const wholeEuros = onFirstUse(
  () =>
    new Intl.NumberFormat("fr-FR", {
      style: "currency",
      currency: "EUR",
      maximumFractionDigits: 0,
    }),
);
const plain = onFirstUse(() => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }));

const PER_PERIOD: Record<string, string> = {
  mensuelle: " / mois",
  annuelle: " / an",
};

/** "210,50 € / mois"; `undefined` for benefits found without an amount. */
export function formatAmount(
  droit: Pick<Droit, "montant" | "unit" | "periodicity">,
): string | undefined {
  if (typeof droit.montant !== "number") return undefined;
  const isEuro = droit.unit === "€" || droit.unit === "EUR" || droit.unit === "";
  const amount = isEuro
    ? (Number.isInteger(droit.montant) ? wholeEuros() : euros()).format(droit.montant)
    : `${plain().format(droit.montant)}\u00a0${droit.unit}`;
  return `${amount}${PER_PERIOD[droit.periodicity] ?? ""}`;
}

const PER_PERIOD_WORDS: Record<string, string> = {
  mensuelle: "\u00a0par mois",
  annuelle: "\u00a0par an",
};

/**
 * "Ensuite, environ 315 € par mois une fois vos autres aides de la Caf versées.": what the amount
 * becomes once the aids claimed with it are paid, in whole euros; `undefined` when it stays.
 */
export function settledLine(droit: Pick<Droit, "settled" | "periodicity">): string | undefined {
  const settled = droit.settled;
  if (!settled) return undefined;
  const amount =
    settled.montant > 0
      ? `${aboutEuros(settled.montant)}${PER_PERIOD_WORDS[droit.periodicity] ?? ""}`
      : "plus rien";
  return `Ensuite, ${amount} ${settled.after}.`;
}

/**
 * "D’après nos calculs, ce serait plutôt 521,20 € / mois : vérifiez auprès de l’organisme qui
 * vous la verse.": an aid already received whose engine amount differs from the declared one.
 */
export function computedLine(
  droit: Pick<Droit, "computed" | "unit" | "periodicity">,
): string | undefined {
  if (droit.computed === undefined) return undefined;
  const amount = formatAmount({ ...droit, montant: droit.computed });
  return `D’après nos calculs, ce serait plutôt ${amount}\u00a0: vérifiez le montant déclaré, ou auprès de l’organisme qui vous la verse.`;
}

/** What a result card shows: the amount, or that the aid is open to the visitor when it has none. */
export function resultValue(
  droit: Pick<Droit, "montant" | "unit" | "periodicity">,
): string | undefined {
  return formatAmount(droit) ?? (droit.montant === true ? ELIGIBLE_WITHOUT_AMOUNT : undefined);
}

export const ELIGIBLE_WITHOUT_AMOUNT = "Vous pouvez en bénéficier";

export function countLabel(count: number): string {
  if (count === 0) return "Aucune aide trouvée";
  return count === 1 ? "1 aide trouvée" : `${count} aides trouvées`;
}

/** "774 €", "774,10 €": a total in euros, with cents only when it has some. */
export function formatEuros(amount: number): string {
  return (Number.isInteger(amount) ? wholeEuros() : euros()).format(amount);
}

/** "environ 315 €": an estimate of a later month, in whole euros. */
export function aboutEuros(amount: number): string {
  return `environ ${wholeEuros().format(Math.round(amount))}`;
}
