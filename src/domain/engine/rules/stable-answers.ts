/**
 * Rule "stable answers over the last 3 months": the answers describe the visitor now, but the
 * engine computes some benefits from the months before. The prime d'activité of month M is the
 * average of a fictitious prime computed for M-3, M-2 and M-1 (`ppa_fictive` over
 * `period.last_3_months`), each with that month's eligibility, household, housing flat-rate and
 * resources; the RSA neutralises resources that stopped between M-1 and M; the youth engagement
 * contract reads the RSA and prime d'activité of the last 3 months. An answer sent at M only would
 * read as its default (not a student, no rent, commune unknown…) for those months.
 *
 * Each monthly engine mapping of the schema says which it is (`stable: last_3_months` or
 * `current_month`, required by the generator): the answers stable over the last 3 months are
 * copied from M to M-1, M-2 and M-3. Monthly amounts are not concerned: they are declared month by
 * month.
 */
import { valueDates } from "../../dates";
import type { EngineMappings } from "../inputs";
import { periodsOf, previousMonths, setIfAbsent } from "../periods";
import type { EngineEntity, EngineRequest } from "../types";

/** How many months before the value date's month the stable answers are copied to. */
export const LOOKBACK_MONTHS = 3;

/** The engine variables the schema maps at a month with `stable: last_3_months`. */
export function stableVariables(mappings: EngineMappings): Set<string> {
  const variables = new Set<string>();
  for (const byName of mappings.values()) {
    for (const mapping of byName.values()) {
      if (mapping.period === "month" && mapping.stable === "last_3_months")
        variables.add(mapping.variable);
    }
  }
  return variables;
}

/** Copies each stable answer of every entity from the value date's month to the 3 months before. */
export function copyStableAnswers(
  request: EngineRequest,
  dateDeValeur: string,
  stable: ReadonlySet<string>,
): void {
  const { thisMonth } = valueDates(dateDeValeur);
  const months = previousMonths(dateDeValeur, LOOKBACK_MONTHS);
  const groups: Record<string, EngineEntity>[] = Object.values(request);
  for (const group of groups) {
    for (const entity of Object.values(group)) {
      for (const variable of stable) {
        const periods = periodsOf(entity, variable);
        if (!periods || !(thisMonth in periods)) continue;
        for (const month of months) setIfAbsent(entity, variable, month, periods[thisMonth]);
      }
    }
  }
}
