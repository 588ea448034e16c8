import { Navigate, useNavigate } from "react-router-dom";
import {
  FIRST_STEP_PATH,
  RESULTS_PATH,
  TAX_INCOME_CATEGORIES,
  findAnswer,
  valueDates,
  type RessourcesFiscales,
  type TaxIncomeCategory,
} from "../../../domain";
import { usePageTitle } from "../../layout/usePageTitle";
import { useIsValidSimulation } from "../hooks";
import { SimulationContext } from "../SimulationContext";
import { AmountsForm, type AmountGroup } from "./AmountsForm";
import { TAX_INCOME_LABELS, fiscalTitle } from "./labels";

const PEOPLE = [
  { id: "demandeur", legend: "Vos revenus" },
  { id: "conjoint", legend: "Les revenus de votre conjoint ou conjointe" },
] as const;

/** docs/product.md §2 `ressources/fiscales`: the household's taxable incomes of the fiscal year (N-2). */
export function FiscalPage() {
  const actor = SimulationContext.useActorRef();
  const navigate = useNavigate();
  const valid = useIsValidSimulation();
  const dateDeValeur = SimulationContext.useSelector((state) => state.context.dateDeValeur);
  const stored = SimulationContext.useSelector((state) => state.context.ressourcesFiscales);
  const inCouple = SimulationContext.useSelector(
    (state) => findAnswer(state.context.answers, "famille", "famille", "en_couple")?.value === true,
  );
  const { fiscalYear } = valueDates(dateDeValeur);
  const title = fiscalTitle(fiscalYear);
  usePageTitle(title);
  if (!valid) return <Navigate to={FIRST_STEP_PATH} replace />;

  const people = PEOPLE.filter((person) => person.id === "demandeur" || inCouple);
  const groups: AmountGroup[] = people.map((person) => ({
    legend: person.legend,
    fields: TAX_INCOME_CATEGORIES.map((category) => ({
      key: `${person.id}.${category}`,
      ...TAX_INCOME_LABELS[category],
    })),
  }));
  const values = Object.fromEntries(
    people.flatMap((person) =>
      TAX_INCOME_CATEGORIES.map((category) => [
        `${person.id}.${category}`,
        stored?.[person.id]?.[category],
      ]),
    ),
  );

  const save = (amounts: Record<string, number>) => {
    const declared: RessourcesFiscales = {};
    for (const [key, amount] of Object.entries(amounts)) {
      const [personId, category] = key.split(".") as [string, TaxIncomeCategory];
      declared[personId] = { ...declared[personId], [category]: amount };
    }
    actor.send({
      type: "SET_RESSOURCES_FISCALES",
      value: Object.keys(declared).length > 0 ? declared : undefined,
    });
    navigate(RESULTS_PATH);
  };

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        {title}
      </h1>
      <p>
        Indiquez les montants annuels de {fiscalYear} tels qu’ils figurent sur votre avis d’impôt
        sur les revenus de {fiscalYear}. Laissez vide ce qui ne vous concerne pas. Certaines aides
        sont calculées à partir de ces revenus.
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
