import { findStep, stepValues, todayIso } from "../../domain";
import { usePageTitle } from "../layout/usePageTitle";
import { useBundle, useCurrentPath, useSteps } from "../simulation/hooks";
import { SimulationContext } from "../simulation/SimulationContext";
import { ChildrenListStep } from "./ChildrenListStep";
import { StepForm } from "./StepForm";

/** The page of whichever step the machine is on. */
export function StepPage() {
  const actor = SimulationContext.useActorRef();
  const bundle = useBundle();
  const steps = useSteps();
  const currentPath = useCurrentPath();
  const answers = SimulationContext.useSelector((state) => state.context.answers);
  const dateDeValeur = SimulationContext.useSelector((state) => state.context.dateDeValeur);
  const step = findStep(steps, currentPath);
  const chapterLabel = bundle.chapters.find((chapter) => chapter.id === step?.chapter)?.label ?? "";
  const [onlyField] = step?.fields ?? [];
  const title =
    step?.title ?? (step?.fields.length === 1 && onlyField ? onlyField.question : chapterLabel);
  usePageTitle(step ? title : undefined);

  // Answers describe the situation at the value date: no date after it (nor after today).
  const today = todayIso();
  const latestDate = dateDeValeur < today ? dateDeValeur : today;

  if (step?.special === "children_list") return <ChildrenListStep key={step.path} title={title} />;
  if (!step || step.fields.length === 0) return null;
  return (
    <StepForm
      key={step.path}
      step={step}
      title={title}
      values={stepValues(step, answers)}
      enumerations={bundle.enumerations}
      today={latestDate}
      onSubmit={(values) => {
        actor.send({ type: "ANSWER", path: step.path, values });
        actor.send({ type: "NEXT" });
      }}
    />
  );
}
