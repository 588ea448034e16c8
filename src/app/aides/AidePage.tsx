import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { useMemo, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import {
  aidAmount,
  describeConditions,
  describeContext,
  describeTerritory,
  type BenefitLinks,
  type ConditionDescription,
} from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { formatAmount } from "../../domain";
import { useBundle } from "../simulation/hooks";
import { linksOf, publicCatalogue, type CatalogueEntry } from "./catalogue";
import { AIDES_PATH } from "./paths";
import { useCatalogueFor } from "./loadCatalogue";
import { useAidEligibility } from "./whyNot";

const NBSP = "\u00A0";

export const NOT_ELIGIBLE_WITHOUT_REASON =
  "D’après votre simulation, vous ne remplissez pas les conditions de cette aide.";
export const ELIGIBLE_MESSAGE = "D’après votre simulation, vous pouvez bénéficier de cette aide.";

/** "109 € au maximum", "50 % / mois"; undefined without a fixed amount. */
export function entryAmount(entry: CatalogueEntry): string | undefined {
  if (entry.kind !== "aid") return undefined;
  const montant = aidAmount(entry.aid);
  const amount = formatAmount({
    montant,
    unit: entry.aid.unit,
    periodicity: entry.aid.periodicity,
  });
  if (!amount) return undefined;
  return entry.aid.legend ? `${amount} ${entry.aid.legend}` : amount;
}

const LINKS: ReadonlyArray<readonly [keyof BenefitLinks, string]> = [
  ["information", "Plus d’informations"],
  ["instructions", "Comment faire la demande"],
  ["form", "Formulaire de demande"],
  ["teleservice", "Faire la demande en ligne"],
];

function ExternalLink({
  href,
  children,
  about,
}: {
  href: string;
  children: string;
  about: string;
}) {
  return (
    <a
      className="fr-link fr-icon-external-link-line fr-link--icon-right"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      <span className="fr-sr-only"> sur {about} (nouvelle fenêtre)</span>
    </a>
  );
}

function Conditions({ items }: { items: readonly ConditionDescription[] }) {
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>
          {item.text}
          {item.items && item.items.length > 0 && <Conditions items={item.items} />}
        </li>
      ))}
    </ul>
  );
}

function WhyNot({ benefitId }: { benefitId: string }) {
  const eligibility = useAidEligibility(benefitId);
  let callout: ReactNode = null;
  if (eligibility?.eligible) {
    callout = (
      <CallOut title="Votre simulation" titleAs="h2" iconId="fr-icon-success-line">
        {ELIGIBLE_MESSAGE}
      </CallOut>
    );
  } else if (eligibility) {
    callout = (
      <CallOut title={`Pourquoi pas moi${NBSP}?`} titleAs="h2" iconId="fr-icon-question-line">
        {eligibility.reason ?? NOT_ELIGIBLE_WITHOUT_REASON}
      </CallOut>
    );
  }
  return <div aria-live="polite">{callout}</div>;
}

function EntryDetails({
  entry,
  placeNames,
}: {
  entry: CatalogueEntry;
  placeNames: Record<string, string>;
}) {
  const bundle = useBundle();
  const context = useMemo(() => describeContext(bundle, { placeNames }), [bundle, placeNames]);
  const amount = entryAmount(entry);
  const territory = entry.institution.territory;
  const entryLinks = linksOf(entry);
  const links = LINKS.flatMap(([key, text]) => {
    const href = entryLinks[key];
    return typeof href === "string" ? [{ key, text, href }] : [];
  });
  const needsAccount = entryLinks.teleserviceNeedsRegistration === true;
  const toCheck =
    entry.kind === "aid"
      ? entry.aid.toCheck
      : entry.kind === "engine"
        ? entry.benefit.toCheck
        : undefined;

  return (
    <>
      <p className="fr-text--lg fr-mb-2w">
        Proposée par <strong>{entry.institution.label}</strong>
      </p>
      {amount && (
        <p className="fr-text--lg">
          Montant{NBSP}: <strong>{amount}</strong>
        </p>
      )}
      <p>{entry.description}</p>

      <WhyNot benefitId={entry.id} />

      <h2>Conditions</h2>
      {entry.kind === "aid" && (
        <Conditions items={describeConditions(entry.aid.eligibility, context)} />
      )}
      {entry.kind === "engine" && (
        <>
          <p>
            {entry.benefit.type === "bool"
              ? "Les conditions dépendent de votre situation (âge, études, logement, revenus…). Le simulateur les vérifie pour vous à partir de vos réponses, avec les règles officielles de cette aide."
              : "Les conditions et le montant dépendent de votre situation (âge, études, logement, revenus…). Le simulateur les vérifie et calcule le montant pour vous à partir de vos réponses, avec les règles officielles de cette aide."}
          </p>
          {territory && <Conditions items={[describeTerritory(territory, placeNames)]} />}
        </>
      )}
      {entry.kind === "bike" && (
        <>
          <p>
            Le montant dépend du type de vélo et du revenu de votre foyer fiscal par part (revenu
            fiscal de référence divisé par le nombre de parts).
          </p>
          {territory && <Conditions items={[describeTerritory(territory, placeNames)]} />}
        </>
      )}
      {toCheck && toCheck.length > 0 && (
        <>
          <h3 className="fr-h6">À vérifier aussi</h3>
          <p>Le simulateur ne tient pas compte de ces conditions&nbsp;:</p>
          <Conditions items={toCheck.map((text) => ({ text }))} />
        </>
      )}
      <p>
        <Link className="fr-link" to="/">
          Évaluer mes droits avec le simulateur
        </Link>
      </p>

      {links.length > 0 && (
        <>
          <h2>Pour en savoir plus et faire la demande</h2>
          <ul>
            {links.map(({ key, text, href }) => (
              <li key={key}>
                <ExternalLink href={href} about={entry.label}>
                  {key === "teleservice" && needsAccount
                    ? `${text} (création d’un compte nécessaire)`
                    : text}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** `/aides/:benefitId`: one aid of the catalogue, with its conditions and links. */
export function AidePage() {
  const { benefitId = "" } = useParams();
  const bundle = useBundle();
  const state = useCatalogueFor(benefitId);
  const catalogue = state.status === "done" ? state.catalogue : undefined;
  const entry = useMemo(
    () =>
      catalogue ? publicCatalogue(bundle, catalogue).find((e) => e.id === benefitId) : undefined,
    [bundle, catalogue, benefitId],
  );
  const title =
    state.status === "loading"
      ? "Chargement de l’aide…"
      : state.status === "error"
        ? "L’aide n’a pas pu être chargée"
        : (entry?.label ?? "Aide introuvable");
  usePageTitle(state.status === "loading" ? undefined : title);

  return (
    <div className="fr-container fr-py-6w">
      <p className="fr-mb-3w">
        <Link className="fr-link fr-icon-arrow-left-line fr-link--icon-left" to={AIDES_PATH}>
          Toutes les aides
        </Link>
      </p>
      <h1 tabIndex={-1}>{title}</h1>
      {state.status === "error" && (
        <p>Vérifiez votre connexion à Internet puis rechargez la page.</p>
      )}
      {catalogue && !entry && (
        <>
          <p>Cette aide n’existe pas ou n’est plus proposée.</p>
          <p>
            <Link className="fr-link" to={AIDES_PATH}>
              Voir la liste de toutes les aides
            </Link>
          </p>
        </>
      )}
      {catalogue && entry && <EntryDetails entry={entry} placeNames={catalogue.placeNames} />}
    </div>
  );
}
