import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Button } from "@codegouvfr/react-dsfr/Button";
import { Checkbox } from "@codegouvfr/react-dsfr/Checkbox";
import { Input } from "@codegouvfr/react-dsfr/Input";
import { useState, type FormEvent } from "react";
import { SimulationContext } from "../simulation/SimulationContext";
import { trackEvent } from "../analytics/track";
import { sendRecap, type DeliveryState, type FieldErrors } from "./api";
import { contactOf } from "./partner";
import { setRecapStatus, useRecapStatus } from "./recapState";

export const MISSING_CONTACT =
  "Indiquez une adresse électronique ou un numéro de téléphone mobile.";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function sentMessage(
  email: DeliveryState,
  phone: DeliveryState,
): {
  severity: "success" | "warning";
  text: string;
} {
  const sent = [email === "sent" && "par e-mail", phone === "sent" && "par SMS"].filter(Boolean);
  const failed = [email === "error" && "l’e-mail", phone === "error" && "le SMS"].filter(Boolean);
  if (failed.length === 0) {
    return { severity: "success", text: `Votre récapitulatif a été envoyé ${sent.join(" et ")}.` };
  }
  return {
    severity: "warning",
    text:
      sent.length > 0
        ? `Votre récapitulatif a été envoyé ${sent.join(" et ")}, mais ${failed.join(" et ")} n’a pas pu partir.`
        : "Votre récapitulatif n’a pas pu être envoyé. Veuillez réessayer plus tard.",
  };
}

/** E-mail and/or mobile number, survey opt-in, and the send button (docs/product.md §7 recap). */
export function RecapForm({ idPrefix = "recap" }: { idPrefix?: string }) {
  const fetchFn = SimulationContext.useSelector((state) => state.context.deps.fetch);
  const simulationId = SimulationContext.useSelector((state) => state.context.simulationId);
  const token = SimulationContext.useSelector((state) => state.context.token);
  const answers = SimulationContext.useSelector((state) => state.context.answers);
  const status = useRecapStatus();
  const [initial] = useState(() => contactOf(answers));
  const [email, setEmail] = useState(initial.email ?? "");
  const [phone, setPhone] = useState(initial.phone ?? "");
  const [surveyOptin, setSurveyOptin] = useState(false);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<ReturnType<typeof sentMessage>>();

  if (!simulationId || !token) {
    return (
      <p>Vos résultats doivent d’abord être calculés pour que nous puissions vous les envoyer.</p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    setError(undefined);
    const trimmedEmail = email.trim();
    const trimmedPhone = phone.trim();
    const local: FieldErrors = {};
    if (!trimmedEmail && !trimmedPhone) local.email = MISSING_CONTACT;
    if (trimmedEmail && !EMAIL_PATTERN.test(trimmedEmail)) {
      local.email = "Adresse électronique invalide";
    }
    setFields(local);
    if (local.email) {
      if (trimmedEmail) trackEvent("Contact", "Invalid email form");
      return;
    }
    setRecapStatus("waiting");
    const outcome = await sendRecap(
      fetchFn,
      { simulationId, token },
      {
        ...(trimmedEmail ? { email: trimmedEmail } : {}),
        ...(trimmedPhone ? { phone: trimmedPhone } : {}),
        surveyOptin,
      },
    );
    if (outcome.ok) {
      setRecapStatus(outcome.email === "error" || outcome.phone === "error" ? "error" : "sent");
      setResult(sentMessage(outcome.email, outcome.phone));
    } else {
      setRecapStatus("error");
      setFields(outcome.fields);
      if (outcome.fields.email) trackEvent("Contact", "Invalid email form");
      if (outcome.fields.phone) trackEvent("Contact", "Invalid phone form");
      if (!outcome.fields.email && !outcome.fields.phone) setError(outcome.message);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="fr-text--sm">
        Indiquez une adresse électronique, un numéro de téléphone mobile ou les deux. Nous ne les
        conservons que le temps de l’envoi, sauf si vous acceptez le questionnaire de suivi.
      </p>
      <Input
        label="Adresse électronique"
        hintText="Par exemple nom@exemple.fr."
        state={fields.email ? "error" : "default"}
        stateRelatedMessage={fields.email}
        nativeInputProps={{
          id: `${idPrefix}-email`,
          type: "email",
          autoComplete: "email",
          value: email,
          onChange: (event) => setEmail(event.target.value),
        }}
      />
      <Input
        label="Numéro de téléphone mobile"
        hintText="Mobile français uniquement, par exemple 06 12 34 56 78."
        state={fields.phone ? "error" : "default"}
        stateRelatedMessage={fields.phone}
        nativeInputProps={{
          id: `${idPrefix}-phone`,
          type: "tel",
          autoComplete: "tel",
          value: phone,
          onChange: (event) => setPhone(event.target.value),
        }}
      />
      <Checkbox
        className="fr-mb-2w"
        options={[
          {
            label:
              "J’accepte d’être recontacté ou recontactée par e-mail pour dire si j’ai fait mes demandes",
            nativeInputProps: {
              checked: surveyOptin,
              onChange: (event) => setSurveyOptin(event.target.checked),
            },
          },
        ]}
      />
      <div role="status" aria-live="polite">
        {status === "waiting" && <p>Envoi en cours…</p>}
        {result && (
          <Alert severity={result.severity} small description={result.text} className="fr-mb-2w" />
        )}
      </div>
      {error && <Alert severity="error" small description={error} className="fr-mb-2w" />}
      <Button type="submit" size="large" disabled={status === "waiting"}>
        Envoyer
      </Button>
    </form>
  );
}
