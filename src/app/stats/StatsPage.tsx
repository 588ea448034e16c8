import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { useEffect, useState } from "react";
import { usePageTitle } from "../layout/usePageTitle";
import { SimulationContext } from "../simulation/SimulationContext";
import { STATS_LOAD_ERROR, fetchStats, shortDay, type StatsAggregates } from "./api";
import { BarChart, ColumnChart } from "./charts";

export const STATS_TITLE = "Statistiques d’utilisation";
const PERIOD_DAYS = 30;

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; stats: StatsAggregates };

/** `/stats`: usage of the simulator, from our own data (docs/product.md §7, issue 7). */
export function StatsPage() {
  usePageTitle(STATS_TITLE);
  const fetchFn = SimulationContext.useSelector((state) => state.context.deps.fetch);
  const [load, setLoad] = useState<Load>({ state: "loading" });

  useEffect(() => {
    let active = true;
    fetchStats(fetchFn, PERIOD_DAYS).then(
      (stats) => active && setLoad({ state: "ready", stats }),
      () => active && setLoad({ state: "error" }),
    );
    return () => {
      active = false;
    };
  }, [fetchFn]);

  return (
    <div className="fr-container fr-my-6w">
      <h1>{STATS_TITLE}</h1>
      {load.state === "loading" && <p role="status">Chargement des statistiques…</p>}
      {load.state === "error" && <Alert severity="error" small description={STATS_LOAD_ERROR} />}
      {load.state === "ready" && <StatsCharts stats={load.stats} />}
    </div>
  );
}

function StatsCharts({ stats }: { stats: StatsAggregates }) {
  const total = stats.simulationsPerDay.reduce((sum, day) => sum + day.count, 0);
  const period = `depuis le ${shortDay(stats.since)} (${stats.days}\u00a0jours)`;
  return (
    <>
      <p className="fr-text--lead">
        {total.toLocaleString("fr-FR")} simulation{total > 1 ? "s" : ""} enregistrée
        {total > 1 ? "s" : ""} {period}.
      </p>
      <ColumnChart
        title="Simulations par jour"
        description={`Nombre de simulations enregistrées chaque jour ${period}\u00a0; ${total} au total.`}
        labelHeader="Jour"
        valueLabel="Simulations"
        data={stats.simulationsPerDay.map((day) => ({
          label: shortDay(day.day),
          value: day.count,
        }))}
      />
      {stats.mostShownBenefits.length === 0 ? (
        <>
          <h2 className="fr-h5">Aides les plus affichées</h2>
          <p>Aucun résultat n’a encore été affiché sur cette période.</p>
        </>
      ) : (
        <BarChart
          title="Aides les plus affichées"
          description={`Les ${stats.mostShownBenefits.length} aides les plus souvent affichées dans les résultats ${period}.`}
          labelHeader="Aide"
          valueLabel="Affichages"
          data={stats.mostShownBenefits.map((benefit) => ({
            label: benefit.label,
            value: benefit.count,
          }))}
        />
      )}
      <BarChart
        title="Parcours par étape"
        description={`Parmi ${stats.funnel.simulations} simulations ${period}, combien ont atteint chaque étape du questionnaire.`}
        labelHeader="Étape"
        valueLabel="Simulations"
        data={stats.funnel.steps.map((step) => ({ label: step.label, value: step.simulations }))}
      />
      <p className="fr-text--sm">
        Une étape compte quand une simulation enregistrée y a au moins une réponse, les résultats
        quand la simulation est allée jusqu’au bout. Les visites sans simulation enregistrée ne sont
        pas comptées.
      </p>
    </>
  );
}
