import type { TaxIncomeCategory, WealthItem } from "../../../domain";

interface Labelled {
  label: string;
  hint?: string;
}

/** The tax-income categories as the tax return names them. */
export const TAX_INCOME_LABELS: Record<TaxIncomeCategory, Labelled> = {
  salaire_imposable: {
    label: "Salaires et revenus d’activité imposables",
    hint: "Le montant imposable, tel qu’il figure sur votre avis d’impôt.",
  },
  chomage_imposable: { label: "Allocations chômage imposables" },
  retraite_imposable: { label: "Pensions de retraite, rentes et pensions d’invalidité imposables" },
  frais_reels: {
    label: "Frais réels déduits",
    hint: "Seulement si vous avez choisi de déclarer vos frais réels au lieu de la déduction de 10\u00a0%.",
  },
  pensions_alimentaires_percues: { label: "Pensions alimentaires reçues" },
  pensions_alimentaires_versees: { label: "Pensions alimentaires versées" },
  revenus_locatifs: { label: "Revenus locatifs", hint: "Loyers perçus, avant abattement." },
};

/** Wealth items, grouped as the form shows them. */
export const WEALTH_GROUPS: { title: string; items: WealthItem[] }[] = [
  {
    title: "Immobilier",
    items: [
      "valeur_patrimoine_loue",
      "valeur_terrains_non_loues",
      "valeur_locative_terrains_non_loues",
      "valeur_immo_non_loue",
      "valeur_locative_immo_non_loue",
    ],
  },
  {
    title: "Épargne",
    items: ["livret_a", "epargne_revenus_non_imposables", "epargne_revenus_imposables"],
  },
];

export const WEALTH_LABELS: Record<WealthItem, Labelled> = {
  valeur_patrimoine_loue: {
    label: "Valeur des biens immobiliers et des terrains que vous louez",
  },
  valeur_terrains_non_loues: { label: "Valeur des terrains que vous ne louez pas" },
  valeur_locative_terrains_non_loues: {
    label: "Valeur locative annuelle de ces terrains",
    hint: "Elle figure sur votre avis de taxe foncière.",
  },
  valeur_immo_non_loue: {
    label: "Valeur des logements et immeubles que vous ne louez pas",
    hint: "Sans compter votre résidence principale ni les bâtiments d’une exploitation agricole.",
  },
  valeur_locative_immo_non_loue: {
    label: "Valeur locative annuelle de ces logements et immeubles",
    hint: "Elle figure sur votre avis de taxe foncière.",
  },
  livret_a: { label: "Livret A", hint: "Le solde actuel, aussi appelé Livret bleu." },
  epargne_revenus_non_imposables: {
    label: "Autre épargne aux intérêts non imposables",
    hint: "Livret jeune, LDD, LEP, PEL, CEL, assurance vie, PEA…",
  },
  epargne_revenus_imposables: {
    label: "Épargne aux revenus imposables",
    hint: "Actions, obligations, comptes à terme, parts de fonds…",
  },
};

export function fiscalTitle(fiscalYear: string): string {
  return `Les revenus imposables de votre foyer en ${fiscalYear}`;
}

export const PATRIMOINE_TITLE = "Votre patrimoine";
