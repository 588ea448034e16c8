import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { Card } from "@codegouvfr/react-dsfr/Card";
import { useEffect, useMemo, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { RESULTS_PATH } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { useBenefitStatistics } from "../stats/useBenefitStatistics";
import { hasResults } from "../machine/simulationMachine";
import { useBundle, useCurrentPath, useHasResults } from "../simulation/hooks";
import { FiscalLinks } from "../simulation/fiscal/FiscalLinks";
import { RecapEmailButton } from "../recap-email/RecapEmailButton";
import { ForbiddenAlert } from "../simulation/ForbiddenAlert";
import { SimulationContext } from "../simulation/SimulationContext";
import { categoryOf, countLabel, summarizeWithReceived, themeOf, type Droit } from "../../domain";
import { CertaintySections } from "./CertaintySections";
import { CompactResult } from "./CompactResult";
import { ResultCard } from "./ResultCard";
import { Alternatives, ResultsSummary } from "./ResultsSummary";
import { ReceivedAlternatives, reducedBy } from "./ReceivedNotes";
import { ThemeFilter } from "./ThemeFilter";
import { DebugResults } from "./DebugResults";
import { downloadData } from "./downloadData";
import { groupResults, groupsMerged } from "./resultsModel";
import { groupPath, resultPath, useResults } from "./useResults";

const NONE: Droit[] = [];
/**
 * The results' theme filter in the address. Not `theme`: an embedding's address names its colour
 * theme so (src/app/iframe/iframeState.ts), and a reload would read the filter as one.
 */
export const THEME_FILTER_PARAMETER = "filtre";

/** The A/B variant of the groups, read from the app's local storage (the server seeds its own). */
function mergedVariant(localStorage: Parameters<typeof groupsMerged>[0]): boolean {
  try {
    return groupsMerged(localStorage);
  } catch {
    return false;
  }
}

export function ResultsPage() {
  usePageTitle("Mes résultats");
  const actor = SimulationContext.useActorRef();
  const { localStorage } = SimulationContext.useDeps();
  const bundle = useBundle();
  const currentPath = useCurrentPath();
  const updating = SimulationContext.useSelector((state) => state.context.updating);
  const error = SimulationContext.useSelector((state) => state.context.error);
  const results = SimulationContext.useSelector((state) => state.context.results);
  const ready = useHasResults();
  const view = useResults();
  const [searchParams, setSearchParams] = useSearchParams();
  const debugIds = (searchParams.get("debug") ?? "")
    .split(",")
    .filter((id) => id && id !== "parcours");
  const requested = useRef(false);

  // Computes once the machine is on this page, and only when the stored results are missing or
  // stale; after a failure the visitor retries explicitly.
  useEffect(() => {
    if (currentPath !== RESULTS_PATH || requested.current) return;
    requested.current = true;
    const { context } = actor.getSnapshot();
    if (!hasResults(context) && !context.updating && !context.access.forbidden)
      actor.send({ type: "COMPUTE" });
  }, [actor, currentPath]);

  const forbidden = view.forbidden;
  const droits = ready && !updating && !error && !forbidden ? (view.droits ?? NONE) : undefined;
  useBenefitStatistics(droits, view.simulationId);
  const injectes = droits ? (view.injectes ?? NONE) : NONE;
  const institutionLabel = (id: string) =>
    bundle.institutions.find((institution) => institution.id === id)?.label ?? id;
  const rules = bundle.results;
  const headline = useMemo(
    () => summarizeWithReceived(droits ?? [], injectes, rules, reducedBy(bundle.benefits)),
    [droits, injectes, rules, bundle.benefits],
  );
  const summary = headline.summary;
  // The amounts the summary counts, in the page's order: the three largest are named in it.
  const counted = (droits ?? []).filter((droit) => summary.counted.has(droit.id));
  const top = counted.slice(0, 3);
  const themes = (rules?.themes ?? [])
    .map((theme) => ({
      theme,
      count: (droits ?? []).filter((droit) => themeOf(droit, rules) === theme.id).length,
    }))
    .filter(({ count }) => count > 0);
  const requestedTheme = searchParams.get(THEME_FILTER_PARAMETER) ?? undefined;
  const selectedTheme = themes.some(({ theme }) => theme.id === requestedTheme)
    ? requestedTheme
    : undefined;
  const selectTheme = (theme: string | undefined) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (theme) next.set(THEME_FILTER_PARAMETER, theme);
        else next.delete(THEME_FILTER_PARAMETER);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const shown = (droits ?? []).filter(
    (droit) => !selectedTheme || themeOf(droit, rules) === selectedTheme,
  );
  const merged = mergedVariant(localStorage);
  const sections = (rules?.categories ?? [])
    .map((category) => ({
      category,
      items: groupResults(
        shown.filter((droit) => !droit.certainty && categoryOf(droit, rules).id === category.id),
        bundle.groups ?? [],
        view.infoOf,
        merged,
      ),
    }))
    .filter(({ items }) => items.length > 0);
  // Results the totals never add have sections of their own (CertaintySections).
  if (!rules && shown.length > 0)
    sections.push({
      category: categoryOf(shown[0]!, rules),
      items: groupResults(shown, bundle.groups ?? [], view.infoOf, merged),
    });
  const renderDroit = (droit: Droit, compact: boolean) =>
    compact ? (
      <CompactResult
        droit={droit}
        institution={institutionLabel(droit.institution)}
        to={resultPath(droit.id)}
      />
    ) : (
      <ResultCard
        droit={droit}
        institution={institutionLabel(droit.institution)}
        to={resultPath(droit.id)}
        titleAs="h3"
        size="small"
      />
    );
  const download = () => {
    const { context } = actor.getSnapshot();
    downloadData({
      answers: context.answers,
      ...(context.ressourcesFiscales ? { ressourcesFiscales: context.ressourcesFiscales } : {}),
      ...(context.patrimoine ? { patrimoine: context.patrimoine } : {}),
      ...(results
        ? {
            results: {
              droitsEligibles: results.droitsEligibles,
              droitsInjectes: results.droitsInjectes,
            },
          }
        : {}),
    });
  };
  const status = error || forbidden ? "" : droits ? countLabel(droits.length) : "Calcul en cours…";

  // `?debug=` without the visitor's own results (content editors, the preview banner's link).
  if (debugIds.length > 0 && currentPath !== RESULTS_PATH)
    return (
      <>
        <h1 className="fr-h3" tabIndex={-1}>
          Vos résultats
        </h1>
        <DebugResults ids={debugIds} />
      </>
    );

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        Vos résultats
      </h1>
      <p role="status" aria-live="polite" className="fr-mb-2w">
        {status}
      </p>
      {forbidden && <ForbiddenAlert />}
      {error && (
        <>
          <Alert
            severity="error"
            as="h2"
            title="Le calcul de vos droits n’a pas abouti"
            description={error}
            className="fr-mb-3w"
          />
          <Button iconId="fr-icon-refresh-line" onClick={() => actor.send({ type: "RETRY" })}>
            Réessayer
          </Button>
        </>
      )}
      {droits && droits.length === 0 && (
        <p>
          D’après vos réponses, vous ne pouvez pas bénéficier des aides que nous savons calculer.
          Vérifiez vos réponses dans le récapitulatif si vous pensez que c’est une erreur.
        </p>
      )}
      {droits && droits.length > 0 && (
        <>
          <ResultsSummary
            summary={summary}
            top={top}
            others={counted.length - top.length}
            to={resultPath}
            headline={headline}
          />
          <Alternatives summary={summary} />
          <ReceivedAlternatives headline={headline} />
          <ThemeFilter
            themes={themes}
            total={droits.length}
            selected={selectedTheme}
            onSelect={selectTheme}
          />
          <div className="app-results-list">
            {sections.map(({ category, items }, index) => (
              <section
                key={category.id}
                // A category's heading stands apart from the last card of the one above it.
                className={index === 0 ? "fr-mt-1w" : "fr-mt-3w"}
                aria-labelledby={`categorie-${category.id}`}
              >
                <h2 id={`categorie-${category.id}`} className="fr-h6 fr-mb-1w">
                  {category.label}
                </h2>
                <ul
                  className={
                    category.compact
                      ? "app-results app-results--compact"
                      : "app-results fr-grid-row fr-grid-row--gutters"
                  }
                >
                  {items.map((item) =>
                    item.kind === "droit" ? (
                      <li key={item.droit.id} className={category.compact ? "" : "fr-col-12"}>
                        {renderDroit(item.droit, category.compact === true)}
                      </li>
                    ) : (
                      <li
                        key={`groupe-${item.group.id}`}
                        className={category.compact ? "" : "fr-col-12"}
                      >
                        <Card
                          title={item.group.label}
                          titleAs="h3"
                          desc={item.group.description}
                          detail={`${item.members.length} aides`}
                          border
                          size="small"
                          linkProps={{ to: groupPath(item.group.id) }}
                          end={<p className="fr-mb-0">Voir les {item.members.length} aides</p>}
                        />
                      </li>
                    ),
                  )}
                </ul>
              </section>
            ))}
            <CertaintySections droits={shown} rules={rules} institutionLabel={institutionLabel} />
          </div>
        </>
      )}
      {injectes.length > 0 && (
        <section className="fr-mt-4w" aria-labelledby="deja-percues">
          <h2 id="deja-percues" className="fr-h5">
            Les aides que vous percevez déjà
          </h2>
          <ul className="fr-grid-row fr-grid-row--gutters">
            {injectes.map((droit) => (
              <li key={droit.id} className="fr-col-12">
                <ResultCard
                  droit={droit}
                  institution={institutionLabel(droit.institution)}
                  titleAs="h3"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {droits && (
        <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left fr-mt-3w app-no-print">
          {!forbidden && (
            <li>
              <RecapEmailButton />
            </li>
          )}
          <li>
            <Button
              priority="secondary"
              iconId="fr-icon-printer-line"
              onClick={() => window.print()}
            >
              Imprimer mes résultats
            </Button>
          </li>
          <li>
            <Button priority="secondary" iconId="fr-icon-download-line" onClick={download}>
              Télécharger mes données
            </Button>
          </li>
        </ul>
      )}
      {debugIds.length > 0 && <DebugResults ids={debugIds} />}
      {droits && <FiscalLinks />}
      {droits && (
        <section className="fr-mt-4w" aria-labelledby="pourquoi-pas-moi">
          <h2 id="pourquoi-pas-moi" className="fr-h5">
            Pourquoi pas moi&nbsp;?
          </h2>
          <p>
            Une aide que vous connaissez n’apparaît pas&nbsp;? Retrouvez-la dans{" "}
            <Link to="/aides">la liste de toutes les aides</Link>&nbsp;: sa page vous indique la
            première condition que vous ne remplissez pas d’après vos réponses.
          </p>
        </section>
      )}
    </>
  );
}
