/**
 * From a situation to one OpenFisca `/calculate` request. Each step is a named rule of
 * `./rules`, documented in docs/engine-notes.md ("Input mapping rules"); every period derives
 * from the situation's value date.
 */
import type { Bundle } from "../bundle";
import { valueDates } from "../dates";
import { fiscalEngineInputs, patrimoineEngineInputs } from "../fiscal";
import type { Situation } from "../types";
import { familleIncomes, mapEntity, mappingsByEntity } from "./inputs";
import { mergeInputs, setIfAbsent } from "./periods";
import { requestOutputs } from "./outputs";
import { addDependentParents } from "./rules/dependent-parents";
import { distanceDomicileFamilial } from "./rules/distance";
import { householdEntities } from "./rules/entities";
import { defaultFiscalIncomes, hasDeclaredFiscalIncomes } from "./rules/fiscal-defaults";
import { receivedBenefits } from "./rules/injected-benefits";
import { householdMembers, memberList } from "./rules/members";
import { addParentsChildren } from "./rules/parents-household";
import { addGrossAndTaxable } from "./rules/net-to-taxable";
import { zeroUndeclaredPastBenefits } from "./rules/past-benefits";
import { copyStableAnswers, stableVariables } from "./rules/stable-answers";
import { zeroUndeclaredIncomes } from "./rules/undeclared-incomes";
import { neutraliseOwnResourcesOnly } from "./rules/unemployment-neutralisation";
import {
  HOUSEHOLD_ID,
  type EngineRequest,
  type EngineRequestOptions,
  type OutputRef,
} from "./types";

const DISTANCE_VARIABLE = "bourse_criteres_sociaux_distance_domicile_familial";

/**
 * Maps a situation to one engine request with the benefits to compute as outputs (`null` at their
 * own period), and records where to read each benefit back.
 */
export function buildEngineRequest(
  bundle: Bundle,
  situation: Situation,
  options: EngineRequestOptions = {},
): { request: EngineRequest; outputs: OutputRef[] } {
  const { dateDeValeur } = situation;
  const { thisMonth } = valueDates(dateDeValeur);
  const missing = options.missingVariables ?? new Set<string>();
  const mappings = mappingsByEntity(bundle);

  // Entities and roles, without the children over 25.
  const members = householdMembers(situation);
  const people = memberList(members);
  const request = householdEntities(members, dateDeValeur);

  // The answers, as the schema maps them.
  for (const person of people) {
    request.individus[person.id] = mapEntity(person, mappings.get("individu"), dateDeValeur);
  }
  const famille = request.familles[HOUSEHOLD_ID]!;
  Object.assign(famille, mapEntity(situation.famille, mappings.get("famille"), dateDeValeur));
  Object.assign(famille, familleIncomes(bundle, people));
  const menage = request.menages[HOUSEHOLD_ID]!;
  Object.assign(menage, mapEntity(situation.menage, mappings.get("menage"), dateDeValeur));

  for (const person of people) {
    const entity = request.individus[person.id]!;
    // Net to gross and net to taxable.
    addGrossAndTaxable(entity, person, dateDeValeur);
    // N-2 incomes: declared, or defaulting to the last 12 months.
    mergeInputs(
      entity,
      hasDeclaredFiscalIncomes(situation.ressourcesFiscales, person.id)
        ? fiscalEngineInputs(situation.ressourcesFiscales?.[person.id], dateDeValeur)
        : defaultFiscalIncomes(entity, dateDeValeur),
    );
  }
  mergeInputs(
    request.individus[members.demandeur.id]!,
    patrimoineEngineInputs(situation.patrimoine),
  );

  // A dependent young person joins the parents' foyer fiscal; and is their child for the
  // benefits paid to them (bourse de lycée…).
  addDependentParents(request, situation, members);
  const benefits = options.benefits ?? bundle.benefits;
  addParentsChildren(request, situation, members, benefits);

  // Distance between the place of study and the family home.
  const distance = distanceDomicileFamilial(situation, options.communeCentre);
  if (distance !== undefined && !missing.has(DISTANCE_VARIABLE)) {
    request.individus[members.demandeur.id]![DISTANCE_VARIABLE] = { [thisMonth]: distance };
  }

  // Stable answers over the last 3 months; no past entitlement to undeclared benefits.
  copyStableAnswers(request, dateDeValeur, stableVariables(mappings));
  zeroUndeclaredPastBenefits(request, bundle, members, dateDeValeur, missing);

  // Benefits already received: inputs at the current month (any catalogue benefit, since other
  // benefits read it), never asked as outputs.
  const received = receivedBenefits(bundle, situation);
  for (const { benefit, montant, ownVariable } of received) {
    // Declared under another variable (`receivedAs`): that income is already sent as such.
    if (!ownVariable || missing.has(benefit.engine.variable)) continue;
    const holder =
      benefit.engine.entity === "individus" ? request.individus[members.demandeur.id] : famille;
    if (holder) setIfAbsent(holder, benefit.engine.variable, thisMonth, montant);
  }
  // The housing aid sets aside the resources of the partner in chômage non indemnisé only.
  neutraliseOwnResourcesOnly(request, dateDeValeur, missing);
  // No salary, allowance nor pension where none was given: 0, without the engine's walk.
  zeroUndeclaredIncomes(request, dateDeValeur, missing);

  // A benefit received under its own variable is an input; one received under another income
  // type (`receivedAs`) is still asked, for its amount to be shown beside the declared one.
  const sent = new Set(received.filter((r) => r.ownVariable).map(({ benefit }) => benefit.id));
  const outputs = requestOutputs(
    request,
    benefits.filter((benefit) => !sent.has(benefit.id)),
    dateDeValeur,
    members.demandeur.id,
    missing,
  );
  // What a received benefit becomes once the aids found are paid (`engine.settled`, the RSA and
  // the prime d'activité), read beside the declared amount (docs/adr/0013-settled-amounts.md).
  const receivedSettled = requestOutputs(
    request,
    benefits.filter((benefit) => sent.has(benefit.id) && benefit.engine.settled),
    dateDeValeur,
    members.demandeur.id,
    missing,
    { settledOnly: true },
  );
  return { request, outputs: [...outputs, ...receivedSettled] };
}
