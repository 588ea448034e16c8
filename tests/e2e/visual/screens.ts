/**
 * Every screen type of the site, in one declarative list, for the visual and layout checks of
 * tests/e2e/visual.test.ts: where it is, what the visitor has answered before (seeded in session
 * storage, as after a real journey), what shows it is ready, what to do on it, and its main actions.
 * A screen's baselines are `baselines/{name}-{width}-{clair|sombre}.png`.
 */
import type { Locator, Page } from "playwright-core";
import type { Answer } from "../../../src/domain";
import { BAFA_MERGED, PLANS_QUESTION_SHOWN } from "../../../src/domain/ab-tests";
import type { StatsAggregates } from "../../../src/app/stats/api";
import { employee, montpellier, student, VALUE_DATE } from "../../fixtures/situations";

export interface Situation {
  /** What the visitor answered (none: a first visit). */
  answers?: Answer[];
  /** The results are computed (by the engine) once the answers are seeded, before the screen. */
  computed?: boolean;
}

/** The A/B variants, fixed: a random draw would change the results page from run to run. */
export const AB_TESTING = {
  aides_bafa: { index: 2, value: BAFA_MERGED },
  question_projets: { index: 1, value: PLANS_QUESTION_SHOWN },
};

/** The value date of every seeded simulation (what the monthly amounts' months depend on). */
export { VALUE_DATE };

const individu = (id: string, fieldName: string, value: Answer["value"]): Answer => ({
  entityName: "individu",
  id,
  fieldName,
  value,
});

/** Twelve months of a part-time job before the value date, not the same every month. */
const salary = Object.fromEntries(
  Array.from({ length: 13 }, (_, i) => {
    const index = 2025 * 12 + 9 - 12 + i; // October 2024 … October 2025
    const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
    return [month, i % 3 === 0 ? 450 : 300];
  }),
);

const withChanges = (answers: Answer[], changes: Answer[]): Answer[] => {
  const key = (a: Answer) => `${a.entityName}/${a.id}/${a.fieldName}`;
  const changed = new Set(changes.map(key));
  return [...answers.filter((a) => !changed.has(key(a))), ...changes];
};

export const SITUATIONS = {
  /** A first visit: nothing answered. */
  none: {},
  /** A student in Lyon with a part-time job and a young child: every kind of question. */
  student: {
    answers: withChanges(student, [
      individu("demandeur", "ressources", ["salaire_net"]),
      individu("demandeur", "salaire_net", salary),
      { entityName: "enfants", id: "enfants", fieldName: "enfants", value: ["enfant_0"] },
      individu("enfant_0", "_firstName", "Léa"),
      individu("enfant_0", "date_naissance", "2023-06-10"),
      individu("enfant_0", "nationalite", "fr"),
      individu("enfant_0", "garde_alternee", false),
      individu("enfant_0", "handicap", false),
      individu("enfant_0", "enfant_a_charge", true),
      individu("enfant_0", "scolarite", "inconnue"),
    ]),
  },
  /**
   * The student of the fixtures, who has no child: the parents' questions of the social-criteria
   * grant are asked (not to a student with a child, docs/product.md "Parents block").
   */
  studentWithoutChild: { answers: student },
  /** The student of tests/e2e/results.test.ts in Montpellier, interested in an e-bike and the BAFA. */
  results: {
    computed: true,
    answers: withChanges(student, [
      { entityName: "menage", id: "menage", fieldName: "depcom", value: montpellier },
      individu("demandeur", "_interetsAidesVelo", ["velo_electrique"]),
      individu("demandeur", "_interetBafa", true),
    ]),
  },
  /** The employee of the fixtures, renting in Lyon and earning 1,100 € a month: the prime d'activité. */
  employee: { computed: true, answers: employee },
} satisfies Record<string, Situation>;

export type SituationName = keyof typeof SITUATIONS;

export interface Screen {
  /** The stem of its baselines' names. */
  name: string;
  situation: SituationName;
  /** The URL path, with its query. */
  path: string;
  /** Visible once the screen is shown. */
  ready: (page: Page) => Locator;
  /** Done once ready, before the pictures: opening a modal, typing a postcode. */
  act?: (page: Page) => Promise<void>;
  /** Main actions besides the primary buttons (which are all checked), at least 44 × 44 px. */
  mainActions?: (page: Page) => Locator[];
  /** Regions that change from run to run, painted over in the pictures. */
  mask?: (page: Page) => Locator[];
  /** JSON answers of the server's API by path, instead of the server's (data that changes daily). */
  api?: Record<string, unknown>;
  /** Only the viewport is pictured (a modal), not the whole page. */
  viewportOnly?: boolean;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole("heading", { level: 1, name });

/** A step of the questionnaire: ready when its "Suivant" button is. */
function step(name: string, path: string, more: Partial<Screen> = {}): Screen {
  return {
    name,
    situation: "student",
    path: `/simulation/${path}`,
    ready: (page) => page.getByRole("button", { name: "Suivant" }),
    ...more,
  };
}

/** Usage statistics of 30 days before the value date: the server's own depend on today. */
const STATS: StatsAggregates = {
  since: "2025-09-16",
  days: 30,
  simulationsPerDay: Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2025, 8, 16 + i)).toISOString().slice(0, 10),
    count: 40 + ((i * 37) % 60),
  })),
  mostShownBenefits: [
    { benefitId: "aide_logement", label: "Aides personnelles au logement", count: 812 },
    { benefitId: "bourse_criteres_sociaux", label: "Bourse sur critères sociaux", count: 640 },
    {
      benefitId: "css_participation_forfaitaire",
      label: "Complémentaire santé solidaire",
      count: 402,
    },
  ],
  funnel: {
    simulations: 2000,
    steps: [
      { chapter: "profil", label: "Mon profil", simulations: 2000 },
      { chapter: "foyer", label: "Mon foyer", simulations: 1620 },
      { chapter: "logement", label: "Mon logement", simulations: 1410 },
      { chapter: "revenus", label: "Mes revenus", simulations: 1180 },
      { chapter: "projets", label: "Mes projets", simulations: 1050 },
      { chapter: "resultats", label: "Mes résultats", simulations: 990 },
    ],
  },
};

const staticPage = (name: string, title: string): Screen => ({
  name,
  situation: "none",
  path: `/${name}`,
  ready: heading(title),
});

/** Ready when the results are shown (the count of aids found). */
const results = (page: Page) => page.getByText(/aides? trouvées?/).first();

/**
 * In the order they are checked: the screens without a simulation first, then the questionnaire,
 * then the results (which wait for the engine).
 */
export const SCREENS: Screen[] = [
  {
    name: "accueil",
    situation: "none",
    path: "/",
    ready: (page) => page.getByRole("button", { name: "Je commence ma simulation" }),
  },
  {
    name: "stats",
    situation: "none",
    path: "/stats",
    ready: (page) => page.locator("p.fr-text--lead").getByText(/simulations? enregistrées?/),
    api: { "/api/stats": STATS },
  },
  {
    name: "iframe",
    situation: "none",
    path: "/iframe",
    // The preview: the simulator's home page, embedded.
    ready: (page) =>
      page.frameLocator("iframe").getByRole("button", { name: "Je commence ma simulation" }),
    // The tag to paste names the server's address, whose port changes from run to run.
    mask: (page) => [page.locator("pre.app-embed__snippet")],
  },
  {
    name: "aides",
    situation: "none",
    path: "/aides",
    ready: (page) => page.getByText(/\d[\d\s\u202f]* aides$/).first(),
  },
  {
    // A long type of aids, waiting to be opened (src/app/aides/AidesPage.tsx, OPEN_UP_TO).
    name: "aides-types",
    situation: "none",
    path: "/aides",
    ready: (page) => page.getByText(/\d[\d\s\u202f]* aides$/).first(),
    act: async (page) => {
      await page.locator("#aides-region").evaluate((heading) => heading.scrollIntoView());
    },
    mainActions: (page) => [page.locator('section[aria-labelledby="aides-region"] button')],
    viewportOnly: true,
  },
  staticPage("accessibilite", "Déclaration d’accessibilité"),
  staticPage("contact", "Nous contacter"),
  staticPage("cgu", "Conditions générales d’utilisation"),
  staticPage("mentions-legales", "Mentions légales"),
  staticPage("confidentialite", "Politique de confidentialité"),
  staticPage("faq", "Questions fréquentes"),

  step("etape-date", "individu/demandeur/date_naissance"),
  step("etape-radio", "individu/demandeur/activite"),
  step("etape-oui-non", "individu/demandeur/handicap"),
  step("etape-liste-deroulante", "individu/demandeur/annee_etude"),
  step("etape-nombre", "famille/bourse_criteres_sociaux_nombre_enfants_a_charge", {
    situation: "studentWithoutChild",
  }),
  step("etape-montant", "individu/demandeur/bourse_criteres_sociaux_base_ressources_parentale"),
  step("etape-enfants", "enfants"),
  step("etape-texte", "individu/enfant_0/_firstName"),
  step("etape-loyer", "menage/loyer"),
  step("etape-commune", "menage/depcom", {
    // The search: a postcode of four communes, which the visitor then chooses among.
    act: async (page) => {
      await page.getByRole("textbox", { name: /Code postal/ }).fill("69290");
      await page.getByRole("option", { name: "Grézieu-la-Varenne" }).waitFor({ state: "attached" });
    },
  }),
  step("etape-types-de-ressources", "individu/demandeur/ressources/types"),
  step("etape-montants-mensuels", "individu/demandeur/ressources/montants/revenusActivite"),
  step("etape-cases-a-cocher", "individu/demandeur/_interetsAidesVelo"),
  step("etape-coordonnees", "individu/demandeur/coordonnees"),
  {
    name: "recapitulatif",
    situation: "student",
    path: "/simulation/recapitulatif",
    ready: heading("Récapitulatif"),
  },

  {
    name: "resultats",
    situation: "results",
    path: "/simulation/resultats",
    ready: results,
  },
  {
    name: "resultats-modale-recapitulatif",
    situation: "results",
    path: "/simulation/resultats",
    ready: results,
    act: async (page) => {
      await page.getByRole("button", { name: "Recevoir les résultats par email/SMS" }).click();
      await page
        .getByRole("dialog")
        .getByRole("heading", { name: "Recevoir un récapitulatif" })
        .waitFor();
    },
    viewportOnly: true,
  },
  {
    name: "resultats-groupe",
    situation: "results",
    path: "/simulation/resultats/groupe/velo",
    ready: heading("Aides à l’achat d’un vélo"),
  },
  {
    name: "resultats-aide",
    situation: "results",
    path: "/simulation/resultats/aide_logement",
    ready: heading("Aides personnelles au logement"),
  },
  {
    // A detail page with a note (the prime's first quarter, before the housing aid counts).
    name: "resultats-aide-note",
    situation: "employee",
    path: "/simulation/resultats/ppa",
    ready: heading("Prime d’activité"),
  },
  {
    // The results of a salaried tenant: the prime's amount of the first months, then what it
    // becomes once the housing aid counts, on its card and under the summary's total.
    name: "resultats-montant-ensuite",
    situation: "employee",
    path: "/simulation/resultats",
    ready: results,
  },
  {
    name: "resultats-montant-inattendu",
    situation: "results",
    path: "/simulation/resultats/inattendu/aide_logement",
    ready: heading(/^Montant inattendu/),
  },
  {
    name: "lieux",
    situation: "results",
    path: "/simulation/resultats/lieux?benefit=aide_logement",
    ready: (page) => page.getByRole("heading", { level: 2 }).first(),
  },
  {
    name: "aide-pourquoi-pas-moi",
    situation: "results",
    path: "/aides/aide_bafa_generale_caf_haute_savoie",
    ready: (page) => page.getByRole("heading", { name: "Pourquoi pas moi\u00a0?" }),
  },
];
