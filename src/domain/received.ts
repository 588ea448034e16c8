/**
 * The aids found beside the aids already received (issue 57 §2 and §3, docs/adr/0013): what is
 * received is never promised again, an aid found that a received one excludes is an alternative,
 * not money added, and where an aid found lowers a received one (`reduces` in
 * `schema/benefits/`), the headline counts the net effect. Pure functions over the results and the
 * schema's rules: no aid is named here.
 */
import type { Bundle, ResultExclusion, ResultsRules, ResultTotal } from "./bundle";
import { summarizeResults, type ResultsSummary } from "./results-summary";
import type { Droit } from "./types";

/** Past this share of the declared amount, the engine's amount is shown beside it. */
const COMPUTED_DIFFERENCE = 0.1;

const cents = (amount: number) => Math.round(amount * 100);

/**
 * The results as the page shows them: an aid found that is also received (declared under another
 * income type, `receivedAs`) leaves the aids found, its engine amount shown beside the declared
 * one when they differ by more than 10 %; a received aid's `settled` amount (what it becomes once
 * the aids found are paid) is kept only where an aid found `reduces` it, and never falls by more
 * than those aids' amounts; an aid found that reduces an aid of the results says so in its notes.
 */
export function reconcileReceived(
  bundle: Pick<Bundle, "benefits">,
  found: readonly Droit[],
  received: readonly Droit[],
): { found: Droit[]; received: Droit[] } {
  const receivedIds = new Set(received.map((droit) => droit.id));
  const reducesOf = (id: string) => bundle.benefits.find((benefit) => benefit.id === id)?.reduces;
  const kept = found.filter((droit) => !receivedIds.has(droit.id));
  const present = new Set([...kept, ...received].map((droit) => droit.id));

  const reconciled = received.map((droit) => {
    let result: Droit = droit;
    const computed = found.find((other) => other.id === droit.id)?.montant;
    if (
      typeof computed === "number" &&
      typeof droit.montant === "number" &&
      Math.abs(computed - droit.montant) > COMPUTED_DIFFERENCE * droit.montant
    )
      result = { ...result, computed };
    if (result.settled && typeof result.montant === "number") {
      const reducers = kept.filter(
        (other) =>
          typeof other.montant === "number" &&
          other.periodicity === droit.periodicity &&
          reducesOf(other.id)?.benefits.includes(droit.id),
      );
      const limit = reducers.reduce((sum, other) => sum + cents(other.montant as number), 0);
      const floor = cents(result.montant) - limit;
      const { settled, ...rest } = result;
      result =
        reducers.length === 0
          ? rest
          : {
              ...rest,
              settled: { ...settled, montant: Math.max(cents(settled.montant), floor) / 100 },
            };
    }
    return result;
  });

  const noted = kept.map((droit) => {
    const reduces = reducesOf(droit.id);
    if (!reduces || !reduces.benefits.some((id) => present.has(id))) return droit;
    return { ...droit, notes: [...(droit.notes ?? []), reduces.text] };
  });
  return { found: noted, received: reconciled };
}

/** Aids found that an aid already received excludes: shown as alternatives, never counted. */
export interface ReceivedAlternative<T> {
  exclusion: ResultExclusion;
  received: T[];
  found: T[];
}

/** A received aid that falls once aids found are paid: by how much, because of which. */
export interface ReceivedReduction<T> {
  received: T;
  /** Euros per month (positive) the received aid loses once the aids found are paid. */
  montant: number;
  by: T[];
}

export interface HeadlineSummary<T> {
  /** The summary of the aids found that can be added (not received, not excluded by one). */
  summary: ResultsSummary<T>;
  /**
   * What the headline says: the monthly total once the aids claimed together are paid (a
   * result's `settled`), minus what received aids lose to the aids found; yearly and one-off
   * totals as the summary's.
   */
  totals: Record<Exclude<ResultTotal, "none">, number>;
  /** The monthly total of the first months, when it differs from the headline's. */
  firstMonths?: { mensuel: number; after: string };
  alternatives: ReceivedAlternative<T>[];
  reductions: ReceivedReduction<T>[];
}

type Summarized = Parameters<typeof summarizeResults>[0][number];

/**
 * The headline (issue 57 §3: the amount this person will live on): the aids found that an aid
 * received does not exclude, each monthly amount at what it becomes once the aids claimed with it
 * are paid, and the net effect on the aids received that those lower.
 */
export function summarizeWithReceived<T extends Summarized>(
  found: readonly T[],
  received: readonly T[],
  rules: ResultsRules | undefined,
  reduces: (id: string) => readonly string[] = () => [],
): HeadlineSummary<T> {
  const receivedIds = new Set(received.map((droit) => droit.id));
  const alternatives: ReceivedAlternative<T>[] = [];
  const excluded = new Set<string>();
  for (const exclusion of rules?.exclusions ?? []) {
    const held = exclusion.options.filter((ids) => ids.some((id) => receivedIds.has(id)));
    if (held.length === 0) continue;
    const heldIds = new Set(held.flat());
    const others = found.filter(
      (droit) =>
        !receivedIds.has(droit.id) &&
        !heldIds.has(droit.id) &&
        exclusion.options.some((ids) => ids.includes(droit.id)),
    );
    if (others.length === 0) continue;
    for (const droit of others) excluded.add(droit.id);
    alternatives.push({
      exclusion,
      received: received.filter((droit) => heldIds.has(droit.id)),
      found: others,
    });
  }
  const addable = found.filter((droit) => !receivedIds.has(droit.id) && !excluded.has(droit.id));
  const summary = summarizeResults(addable, rules);

  const reductions: ReceivedReduction<T>[] = [];
  for (const droit of received) {
    if (!droit.settled || typeof droit.montant !== "number") continue;
    const by = addable.filter(
      (other) => summary.counted.has(other.id) && reduces(other.id).includes(droit.id),
    );
    const montant = (cents(droit.montant) - cents(droit.settled.montant)) / 100;
    if (by.length > 0 && montant > 0) reductions.push({ received: droit, montant, by });
  }
  const settledMensuel = summary.settled?.mensuel ?? summary.totals.mensuel;
  const lost = reductions.reduce((sum, reduction) => sum + cents(reduction.montant), 0);
  const mensuel = Math.max(0, cents(settledMensuel) - lost) / 100;
  return {
    summary,
    totals: { ...summary.totals, mensuel },
    ...(summary.settled && cents(summary.settled.mensuel) !== cents(summary.totals.mensuel)
      ? { firstMonths: { mensuel: summary.totals.mensuel, after: summary.settled.after } }
      : {}),
    alternatives,
    reductions,
  };
}
