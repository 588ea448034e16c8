import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { RadioButtons } from "@codegouvfr/react-dsfr/RadioButtons";
import { useEffect, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { SimulationContext } from "../simulation/SimulationContext";
import {
  SURVEY_CHOICES,
  SURVEY_LOAD_ERROR,
  fetchSurvey,
  postSurveyAnswers,
  type SurveyBenefit,
  type SurveyStatus,
} from "./api";

export const SURVEY_TITLE = "Avez-vous fait vos demandes\u00a0?";

type Load =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "ready"; benefits: SurveyBenefit[] };

/** `/suivi?token=`: per benefit of the recap, what the visitor did (docs/product.md §7 follow-up). */
export function SuiviPage() {
  usePageTitle(SURVEY_TITLE);
  const fetchFn = SimulationContext.useSelector((state) => state.context.deps.fetch);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [load, setLoad] = useState<Load>(
    token ? { state: "loading" } : { state: "error", message: SURVEY_LOAD_ERROR },
  );
  const [choices, setChoices] = useState<Record<string, SurveyStatus>>({});
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string>();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!token) return;
    let current = true;
    void fetchSurvey(fetchFn, token).then((outcome) => {
      if (!current) return;
      if (!outcome.ok) return setLoad({ state: "error", message: outcome.message });
      setLoad({ state: "ready", benefits: outcome.benefits });
      setChoices(
        Object.fromEntries(
          outcome.benefits.flatMap((benefit) =>
            benefit.status ? [[benefit.id, benefit.status]] : [],
          ),
        ),
      );
    });
    return () => {
      current = false;
    };
  }, [fetchFn, token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (load.state !== "ready") return;
    if (load.benefits.some((benefit) => !choices[benefit.id])) return setMissing(true);
    setMissing(false);
    setSending(true);
    setSendError(undefined);
    const outcome = await postSurveyAnswers(
      fetchFn,
      token,
      load.benefits.map((benefit) => ({ benefitId: benefit.id, status: choices[benefit.id]! })),
    );
    setSending(false);
    if (outcome.ok) setDone(true);
    else setSendError(outcome.message);
  };

  return (
    <>
      <h1 className="fr-h3" tabIndex={-1}>
        {SURVEY_TITLE}
      </h1>
      <div role="status" aria-live="polite">
        {load.state === "loading" && <p>Chargement…</p>}
        {done && (
          <Alert
            severity="success"
            title="Merci pour vos réponses"
            description="Elles nous aident à améliorer le simulateur."
          />
        )}
      </div>
      {load.state === "error" && <Alert severity="error" small description={load.message} />}
      {load.state === "ready" && !done && load.benefits.length === 0 && (
        <p>
          Aucune aide n’avait été trouvée lors de votre simulation&nbsp;: il n’y a rien à
          renseigner.
        </p>
      )}
      {load.state === "ready" && !done && load.benefits.length > 0 && (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <p>Pour chaque aide de votre récapitulatif, dites-nous où vous en êtes.</p>
          {load.benefits.map((benefit) => (
            <RadioButtons
              key={benefit.id}
              legend={benefit.label}
              name={`suivi-${benefit.id}`}
              state={missing && !choices[benefit.id] ? "error" : "default"}
              stateRelatedMessage={
                missing && !choices[benefit.id]
                  ? "Choisissez une réponse pour cette aide."
                  : undefined
              }
              options={SURVEY_CHOICES.map((choice) => ({
                label: choice.label,
                nativeInputProps: {
                  value: choice.value,
                  checked: choices[benefit.id] === choice.value,
                  onChange: () =>
                    setChoices((previous) => ({ ...previous, [benefit.id]: choice.value })),
                },
              }))}
            />
          ))}
          {sendError && (
            <Alert severity="error" small description={sendError} className="fr-mb-2w" />
          )}
          <Button type="submit" disabled={sending}>
            Envoyer mes réponses
          </Button>
        </form>
      )}
    </>
  );
}
