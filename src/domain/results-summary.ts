/**
 * What the results page leads with, as pure functions over the results and the rules of
 * `schema/results.yaml`: each result's category (by value) and theme (the filter), the order of
 * the results, the alternatives (results that cannot be received together) and the totals,
 * counting only what can be received together.
 */
import type {
  ResultCategory,
  ResultExclusion,
  ResultsRules,
  ResultTheme,
  ResultTotal,
} from "./bundle";
import { formatEuros } from "./format-amount";
import type { Droit } from "./types";
import { onFirstUse } from "./on-first-use";

type Classified = Pick<
  Droit,
  "id" | "label" | "montant" | "unit" | "periodicity" | "legend" | "interestFlag"
> &
  Partial<Pick<Droit, "status" | "settled" | "certainty" | "paidTo">>;

/** A category every result falls into when the rules have none (an old bundle). */
const FALLBACK_CATEGORY: ResultCategory = {
  id: "autres",
  label: "Autres aides",
  total: "none",
  sort: "label",
};

function matches(category: ResultCategory, droit: Classified): boolean {
  if (category.ids?.includes(droit.id)) return true;
  const match = category.match;
  if (!match) return !category.ids;
  if (match.units && !match.units.includes(droit.unit)) return false;
  if (match.periodicities && !match.periodicities.includes(droit.periodicity as never))
    return false;
  if (match.legends && !match.legends.includes(droit.legend ?? "")) return false;
  return true;
}

/**
 * The result's category: the first naming its id, else the first whose match it meets. A result
 * without a number (`montant: true`) never falls into a category that adds up.
 */
export function categoryOf(droit: Classified, rules: ResultsRules | undefined): ResultCategory {
  const categories = rules?.categories ?? [];
  const named = categories.find((category) => category.ids?.includes(droit.id));
  if (named) return named;
  const hasNumber = typeof droit.montant === "number";
  return (
    categories.find(
      (category) => (hasNumber || category.total === "none") && matches(category, droit),
    ) ??
    categories.at(-1) ??
    FALLBACK_CATEGORY
  );
}

/** Lower case, without accents: "Études" → "etudes". */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const LETTER = /[\p{L}\p{N}]/u;

/**
 * The keyword is a word of the label (a plural `s` or `x` allowed), or with a final `*` the start
 * of a word: both folded by `foldText`.
 */
export function hasKeyword(label: string, keyword: string): boolean {
  const prefix = keyword.endsWith("*");
  const word = prefix ? keyword.slice(0, -1) : keyword;
  for (let at = label.indexOf(word); at >= 0; at = label.indexOf(word, at + 1)) {
    if (at > 0 && LETTER.test(label[at - 1]!)) continue;
    if (prefix) return true;
    let end = at + word.length;
    if (label[end] === "s" || label[end] === "x") end++;
    if (end >= label.length || !LETTER.test(label[end]!)) return true;
  }
  return false;
}

/** The result's theme id (docs/schema-format.md, "Results page"). */
export function themeOf(droit: Classified, rules: ResultsRules | undefined): string | undefined {
  if (!rules) return undefined;
  const byId = rules.themes.find((theme) => theme.ids?.includes(droit.id));
  if (byId) return byId.id;
  if (droit.interestFlag) {
    const byFlag = rules.themes.find((theme) => theme.interestFlags?.includes(droit.interestFlag!));
    if (byFlag) return byFlag.id;
  }
  const label = foldText(droit.label);
  const byKeyword = rules.themes.find((theme) =>
    theme.keywords?.some((keyword) => hasKeyword(label, foldText(keyword))),
  );
  return byKeyword?.id ?? rules.defaultTheme;
}

/** The themes at least one of the results has, in the rules' order. */
export function themesOf(
  droits: readonly Classified[],
  rules: ResultsRules | undefined,
): ResultTheme[] {
  if (!rules) return [];
  const present = new Set(droits.map((droit) => themeOf(droit, rules)));
  return rules.themes.filter((theme) => present.has(theme.id));
}

const collator = onFirstUse(() => new Intl.Collator("fr", { sensitivity: "base" }));

function amountOf(droit: Pick<Droit, "montant">): number {
  return typeof droit.montant === "number" ? droit.montant : 0;
}

/**
 * The results in the page's order: by category (the rules' order); in a category, the results
 * with a `priority` first (lower first), then by amount (largest first) or label, then by label
 * and id, so that the order never depends on the order the results arrived in.
 */
export function orderResults<T extends Classified>(
  droits: readonly T[],
  rules: ResultsRules | undefined,
  priorityOf: (droit: T) => number | undefined = () => undefined,
): T[] {
  const categories = rules?.categories ?? [];
  const keyed = droits.map((droit) => {
    const category = categoryOf(droit, rules);
    return {
      droit,
      category,
      rank: categories.indexOf(category),
      priority: priorityOf(droit) ?? Number.POSITIVE_INFINITY,
    };
  });
  keyed.sort((a, b) => {
    if (a.rank !== b.rank) return a.rank - b.rank;
    if (a.priority !== b.priority) return a.priority < b.priority ? -1 : 1;
    if (a.category.sort === "amount") {
      const difference = amountOf(b.droit) - amountOf(a.droit);
      if (difference !== 0) return difference;
    }
    return (
      collator().compare(a.droit.label, b.droit.label) ||
      (a.droit.id < b.droit.id ? -1 : a.droit.id > b.droit.id ? 1 : 0)
    );
  });
  return keyed.map((entry) => entry.droit);
}

/** One way out of an exclusion: the results received together if the visitor takes it. */
export interface AlternativeOption<T> {
  droits: T[];
  /** The option the totals count (the visitor's usual choice). */
  chosen: boolean;
}

/** Results of which the visitor will receive one option only. */
export interface Alternative<T> {
  exclusion: ResultExclusion;
  /** The option taken is the exclusion's `preferred` one, among the results; else the largest. */
  byPreference: boolean;
  options: AlternativeOption<T>[];
}

export interface ResultsSummary<T> {
  /** Euros, counting only what can be received together. */
  totals: Record<Exclude<ResultTotal, "none">, number>;
  /** The ids the totals add: an amount, received with the options taken, not a guess. */
  counted: Set<string>;
  /**
   * The ids of the options not taken (shown, never added), each with the index, in
   * `alternatives`, of the choice that left it out.
   */
  leftOut: Map<string, number>;
  alternatives: Alternative<T>[];
  /**
   * Where the monthly total counts amounts of the first months (a result's `settled`): the
   * monthly total once the aids claimed with them are paid, and the end of the sentence that
   * says when (the first such result's).
   */
  settled?: { mensuel: number; after: string };
}

/** Above this many combinations of choices, each exclusion is decided on its own, in order. */
const MAX_COMBINATIONS = 4096;

/**
 * The totals of the results and their alternatives (docs/schema-format.md, "Results page"). For
 * each exclusion with at least two options among the results, the visitor takes `preferred`'s
 * option when it is there, else the combination of options worth the most over a year (12 ×
 * monthly + yearly + one-off; a monthly amount of the first months counts as what it becomes
 * once the aids claimed with it are paid). A result in an option not taken is never counted.
 */
export function summarizeResults<T extends Classified>(
  results: readonly T[],
  rules: ResultsRules | undefined,
): ResultsSummary<T> {
  // A result to verify or decided on application (docs/schema-format.md, "Certainty") is never
  // added, nor chosen in an exclusion over one that is: it has a section of its own. Nor is what
  // is paid to someone else (`paidTo`: the parents' bourse de lycée): not money this person gets.
  const droits = results.filter((droit) => !droit.certainty && !droit.paidTo);
  const byId = new Map(droits.map((droit) => [droit.id, droit]));
  const cents = new Map<string, { total: Exclude<ResultTotal, "none">; cents: number }>();
  for (const droit of droits) {
    const { total } = categoryOf(droit, rules);
    const amount = amountOf(droit);
    // A "possible" aid depends on an input we guessed (docs/engine-notes.md): shown, never added.
    if (droit.status?.kind === "possible") continue;
    if (total !== "none" && amount > 0 && Number.isFinite(amount))
      cents.set(droit.id, { total, cents: Math.round(amount * 100) });
  }
  // A monthly amount of the first months (`settled`) is worth, over a year, what it becomes once
  // the aids claimed with it are paid: the choice between exclusive aids is a durable one.
  const yearValue = (id: string) => {
    const entry = cents.get(id);
    if (!entry) return 0;
    if (entry.total !== "mensuel") return entry.cents;
    const settled = byId.get(id)?.settled;
    return (settled ? Math.round(settled.montant * 100) : entry.cents) * 12;
  };

  const active = (rules?.exclusions ?? [])
    .map((exclusion) => ({
      exclusion,
      present: exclusion.options
        .map((ids, index) => ({ index, ids: ids.filter((id) => byId.has(id)) }))
        .filter((option) => option.ids.length > 0),
    }))
    .filter(({ present }) => present.length > 1);
  const preferredOptions = active.map(({ exclusion, present }) =>
    present.find(
      (option) => exclusion.preferred !== undefined && option.ids.includes(exclusion.preferred),
    ),
  );
  const candidates = active.map(({ present }, i) => {
    const preferred = preferredOptions[i];
    return preferred ? [preferred.index] : present.map((option) => option.index);
  });

  const countedFor = (choice: readonly number[]) =>
    droits.filter((droit) =>
      active.every(({ exclusion }, i) =>
        exclusion.options.every((ids, index) => index === choice[i] || !ids.includes(droit.id)),
      ),
    );
  const score = (choice: readonly number[]) =>
    countedFor(choice).reduce((sum, droit) => sum + yearValue(droit.id), 0);

  let best: number[] = candidates.map((options) => options[0]!);
  const combinations = candidates.reduce((product, options) => product * options.length, 1);
  if (combinations <= MAX_COMBINATIONS) {
    let bestScore = -1;
    const walk = (prefix: number[]) => {
      if (prefix.length === candidates.length) {
        const value = score(prefix);
        if (value > bestScore) {
          bestScore = value;
          best = [...prefix];
        }
        return;
      }
      for (const option of candidates[prefix.length]!) walk([...prefix, option]);
    };
    walk([]);
  } else {
    best = [];
    candidates.forEach((options, i) => {
      const value = (option: number) =>
        active[i]!.exclusion.options[option]!.reduce((sum, id) => sum + yearValue(id), 0);
      best.push(options.reduce((a, b) => (value(b) > value(a) ? b : a)));
    });
  }

  const counted = new Set<string>();
  const totals = { mensuel: 0, annuel: 0, ponctuel: 0 };
  for (const { id } of countedFor(best)) {
    const entry = cents.get(id);
    if (!entry) continue;
    counted.add(id);
    totals[entry.total] += entry.cents;
  }
  let settledMensuel = totals.mensuel;
  let settledAfter: string | undefined;
  for (const id of counted) {
    const entry = cents.get(id)!;
    const settled = byId.get(id)?.settled;
    if (entry.total !== "mensuel" || !settled) continue;
    settledMensuel += Math.round(settled.montant * 100) - entry.cents;
    settledAfter ??= settled.after;
  }
  const leftOut = new Map<string, number>();
  active.forEach(({ exclusion }, i) =>
    exclusion.options.forEach((ids, index) => {
      if (index === best[i]) return;
      for (const id of ids) if (byId.has(id) && !leftOut.has(id)) leftOut.set(id, i);
    }),
  );
  return {
    totals: {
      mensuel: totals.mensuel / 100,
      annuel: totals.annuel / 100,
      ponctuel: totals.ponctuel / 100,
    },
    counted,
    leftOut,
    alternatives: active.map(({ exclusion, present }, i) => ({
      exclusion,
      byPreference: preferredOptions[i] !== undefined,
      options: present.map((option) => ({
        droits: option.ids.map((id) => byId.get(id)!),
        chosen: option.index === best[i],
      })),
    })),
    ...(settledAfter !== undefined
      ? { settled: { mensuel: settledMensuel / 100, after: settledAfter } }
      : {}),
  };
}

const TOTAL_WORDING: Record<Exclude<ResultTotal, "none">, string> = {
  mensuel: "par mois",
  annuel: "par an",
  ponctuel: "en une fois",
};

/** ["774 € par mois", "5 000 € en une fois"]: the non-zero totals, in that order. */
export function totalParts(totals: ResultsSummary<unknown>["totals"]): string[] {
  return (Object.keys(TOTAL_WORDING) as (keyof typeof TOTAL_WORDING)[])
    .filter((key) => totals[key] > 0)
    .map((key) => `${formatEuros(totals[key])}\u00a0${TOTAL_WORDING[key]}`);
}

/** "a", "a et b", "a, b et c". */
export function frenchList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? "";
  return `${parts.slice(0, -1).join(", ")} et ${parts.at(-1)}`;
}
