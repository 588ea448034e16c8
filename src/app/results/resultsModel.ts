/**
 * What the results pages show, as pure functions: order, rounding, groups and claim actions.
 * Content (group labels, priorities, links) comes from the bundle and the results themselves.
 */
import type { Benefit, BenefitGroup, Droit } from "../../domain";
import { onFirstUse } from "../../domain";

/** What the results pages know about a result beyond the `Droit` the server sends. */
export interface ResultInfo {
  priority?: number;
  floorAt?: number;
  interestFlag?: string;
  dependsOn?: Benefit["dependsOn"];
  teleserviceNeedsRegistration?: boolean;
}

export type InfoOf = (id: string) => ResultInfo | undefined;

/**
 * Reads what the server sends with each result (interest flag, priority; local aids arrive
 * already rounded to their `floorAt`), and the bundle's engine benefits (what their amount
 * depends on). The aids catalogue is never needed here.
 */
export function infoIndex(benefits: Benefit[], droits: readonly Droit[] = []): InfoOf {
  const index = new Map<string, ResultInfo>();
  for (const droit of droits) {
    index.set(droit.id, {
      priority: droit.priority,
      interestFlag: droit.interestFlag,
      teleserviceNeedsRegistration: droit.teleserviceNeedsRegistration,
    });
  }
  for (const benefit of benefits) {
    index.set(benefit.id, {
      priority: benefit.priority,
      interestFlag: benefit.interestFlag,
      dependsOn: benefit.dependsOn,
      teleserviceNeedsRegistration: benefit.links.teleserviceNeedsRegistration,
    });
  }
  return (id) => index.get(id);
}

const collator = onFirstUse(() => new Intl.Collator("fr", { sensitivity: "base" }));

/** By priority (lower first, results without one after), then by label in French order. */
export function sortDroits<T extends Pick<Droit, "id" | "label">>(
  droits: T[],
  infoOf: InfoOf,
): T[] {
  const priority = (droit: T) => infoOf(droit.id)?.priority ?? Number.POSITIVE_INFINITY;
  return [...droits].sort((a, b) => {
    const pa = priority(a);
    const pb = priority(b);
    if (pa !== pb) return pa < pb ? -1 : 1;
    return collator().compare(a.label, b.label);
  });
}

/**
 * Rounded down to a multiple of `floorAt` when the benefit has one, else to the unit's smallest
 * step (cents: the results page shows "210,50 €").
 */
export function roundMontant(montant: number, floorAt?: number): number {
  if (floorAt && floorAt > 0) return Math.floor(montant / floorAt + 1e-9) * floorAt;
  return Math.round(montant * 100) / 100;
}

export function roundedDroit(droit: Droit, infoOf: InfoOf): Droit {
  if (typeof droit.montant !== "number") return droit;
  return { ...droit, montant: roundMontant(droit.montant, infoOf(droit.id)?.floorAt) };
}

/** Said after the amount when its periodicity is not already ("/ mois", "/ an"). */
export function periodicityNote(periodicity: string): string | undefined {
  return periodicity === "ponctuelle" ? "ponctuelle" : undefined;
}

export type ResultItem =
  { kind: "droit"; droit: Droit } | { kind: "group"; group: BenefitGroup; members: Droit[] };

/**
 * docs/product.md §3 "Benefit group": under the merged variant, the results sharing a group's interest flag
 * are shown as one card when there are more than one, at the position of the first member.
 */
export function groupResults(
  droits: Droit[],
  groups: BenefitGroup[],
  infoOf: InfoOf,
  merged: boolean,
): ResultItem[] {
  const membersOf = new Map<string, Droit[]>();
  if (merged) {
    for (const group of groups) {
      const members = droits.filter((d) => infoOf(d.id)?.interestFlag === group.interestFlag);
      if (members.length > 1) membersOf.set(group.id, members);
    }
  }
  const items: ResultItem[] = [];
  const placed = new Set<string>();
  for (const droit of droits) {
    const group = groups.find((g) => membersOf.get(g.id)?.includes(droit));
    if (!group) items.push({ kind: "droit", droit });
    else if (!placed.has(group.id)) {
      placed.add(group.id);
      items.push({ kind: "group", group, members: membersOf.get(group.id)! });
    }
  }
  return items;
}

export { groupsMerged } from "../ab-testing/abTesting";

export interface ClaimAction {
  kind: "teleservice" | "form" | "instructions";
  label: string;
  href: string;
  /** Said under the button. */
  note?: string;
}

/** Up to two ways to claim, in priority order: teleservice, printable form, instructions. */
export function claimActions(links: Record<string, unknown>, needsAccount = false): ClaimAction[] {
  const actions: ClaimAction[] = [];
  const url = (key: string) =>
    typeof links[key] === "string" ? (links[key] as string) : undefined;
  const teleservice = url("teleservice") ?? url("teleservicePrefill");
  if (teleservice)
    actions.push({
      kind: "teleservice",
      label: "Faire une demande en ligne",
      href: teleservice,
      ...(needsAccount || links.teleserviceNeedsRegistration === true
        ? { note: "Vous devrez créer un compte sur ce service en ligne." }
        : {}),
    });
  const form = url("form");
  if (form) actions.push({ kind: "form", label: "Télécharger le formulaire", href: form });
  const instructions = url("instructions");
  if (instructions)
    actions.push({ kind: "instructions", label: "Voir la marche à suivre", href: instructions });
  return actions.slice(0, 2);
}
