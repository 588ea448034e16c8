import { Navigate, useNavigate } from "react-router-dom";
import { FIRST_STEP_PATH, RESULTS_PATH, type Patrimoine } from "../../../domain";
import { usePageTitle } from "../../layout/usePageTitle";
import { useIsValidSimulation } from "../hooks";
import { SimulationContext } from "../SimulationContext";
import { AmountsForm, type AmountGroup } from "./AmountsForm";
import { PATRIMOINE_TITLE, WEALTH_GROUPS, WEALTH_LABELS } from "./labels";

/** docs/product.md §2 `ressources/patrimoine`: the applicant's wealth (docs/product.md §3 wealth items). */
export function PatrimoinePage() {
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const valid = useIsValidSimulation();
  const stored = SimulationContext.useSelector((state) => state.context.patrimoine);
  usePageTitle(PATRIMOINE_TITLE);
  if (!valid) return <Navigate to={FIRST_STEP_PATH} replace />;

  const groups: AmountGroup[] = WEALTH_GROUPS.map((group) => ({
    legend: group.title,
    fields: group.items.map((item) => ({ key: item, ...WEALTH_LABELS[item] })),
  }));
  const values = Object.fromEntries(
    WEALTH_GROUPS.flatMap((group) => group.items).map((item) => [item, stored?.[item]]),
  );

  const save = (amounts: Record<string, number>) => {
    const declared: Patrimoine = amounts;
    actor.send({
      type: "SET_PATRIMOINE",
      value: Object.keys(declared).length > 0 ? declared : undefined,
    });
    navigate(RESULTS_PATH);
  };

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        {PATRIMOINE_TITLE}
      </h1>
      <p>
        Certaines aides tiennent compte de ce que vous possédez. Indiquez des valeurs actuelles
        approximatives&nbsp;; laissez vide ce qui ne vous concerne pas.
      </p>
      <AmountsForm
        groups={groups}
        values={values}
        submitLabel="Valider et revoir mes résultats"
        onSubmit={save}
      />
    </>
  );
}
