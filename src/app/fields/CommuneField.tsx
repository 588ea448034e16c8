import { Input } from "@codegouvfr/react-dsfr/Input";
import { Select } from "@codegouvfr/react-dsfr/Select";
import { useEffect, useState } from "react";
import { useController } from "react-hook-form";
import type { Commune } from "../../domain";
import type { FormValues } from "../steps/formValues";
import { inputId, type FieldProps } from "./types";
import { useCommunes } from "./useCommunes";
import { useFieldError } from "./useFieldError";

function asCommune(value: unknown): Commune | null {
  return typeof value === "object" && value !== null && "code_insee" in value
    ? (value as Commune)
    : null;
}

const communeKey = (commune: Commune) => `${commune.code_insee}|${commune.nom}`;

/** Said when the visitor types letters (a commune's name): the field keeps only digits. */
export const DIGITS_ONLY_MESSAGE =
  "Tapez le code postal en chiffres, par exemple 69001, puis choisissez la commune.";

/** A postcode, then the choice of one of its communes; the answer is the commune itself. */
export function CommuneField({ field, hideLabel }: FieldProps) {
  const { field: input } = useController<FormValues>({ name: field.name });
  const error = useFieldError(field.name);
  const commune = asCommune(input.value);
  const [postcode, setPostcode] = useState(commune?.code_postal ?? "");
  const [typedLetters, setTypedLetters] = useState(false);
  const { status, communes } = useCommunes(postcode);
  const id = inputId(field);
  const onChange = input.onChange;

  useEffect(() => {
    const [only] = communes;
    if (status === "done" && communes.length === 1 && only && !commune) onChange(only);
  }, [commune, communes, onChange, status]);

  const postcodeMessage = typedLetters
    ? DIGITS_ONLY_MESSAGE
    : status === "error"
      ? "La liste des communes n’a pas pu être chargée. Veuillez réessayer."
      : status === "done" && communes.length === 0
        ? "Aucune commune ne correspond à ce code postal."
        : communes.length === 0
          ? error
          : undefined;
  const showCommunes = status === "done" && communes.length > 0;

  return (
    <fieldset className="fr-fieldset" aria-labelledby={`${id}-legend`}>
      <legend
        id={`${id}-legend`}
        className={`fr-fieldset__legend fr-text--regular${hideLabel ? " fr-sr-only" : ""}`}
      >
        {field.question}
        {field.hint && <span className="fr-hint-text">{field.hint}</span>}
      </legend>
      <div className="fr-fieldset__element">
        <Input
          label="Code postal"
          hintText="5 chiffres, par exemple 69001"
          state={postcodeMessage ? "error" : "default"}
          stateRelatedMessage={postcodeMessage}
          nativeInputProps={{
            id: `${id}-code-postal`,
            name: `${input.name}-code-postal`,
            type: "text",
            inputMode: "numeric",
            autoComplete: "postal-code",
            maxLength: 5,
            value: postcode,
            onChange: (event) => {
              const typed = event.target.value;
              const next = typed.replace(/\D/g, "").slice(0, 5);
              setTypedLetters(/[^\d\s]/.test(typed));
              setPostcode(next);
              if (commune && commune.code_postal !== next) onChange(null);
            },
            onBlur: input.onBlur,
            ref: showCommunes ? undefined : input.ref,
            required: !field.optional,
          }}
        />
      </div>
      {showCommunes && (
        <div className="fr-fieldset__element">
          <Select
            label="Commune"
            state={error ? "error" : "default"}
            stateRelatedMessage={error}
            nativeSelectProps={{
              id: `${id}-commune`,
              name: input.name,
              value: commune ? communeKey(commune) : "",
              onChange: (event) =>
                onChange(communes.find((c) => communeKey(c) === event.target.value) ?? null),
              onBlur: input.onBlur,
              ref: input.ref,
              required: !field.optional,
            }}
          >
            <option value="" disabled>
              Sélectionnez la commune
            </option>
            {communes.map((c) => (
              <option key={communeKey(c)} value={communeKey(c)}>
                {c.nom}
              </option>
            ))}
          </Select>
        </div>
      )}
      <p className="fr-sr-only" aria-live="polite">
        {status === "loading"
          ? "Recherche des communes…"
          : showCommunes
            ? `${communes.length} ${communes.length > 1 ? "communes trouvées" : "commune trouvée"}`
            : ""}
      </p>
    </fieldset>
  );
}
