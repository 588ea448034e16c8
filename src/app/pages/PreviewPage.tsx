import { Button } from "@codegouvfr/react-dsfr/Button";
import { Input } from "@codegouvfr/react-dsfr/Input";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { RESULTS_PATH } from "../../domain";
import { useBundle } from "../simulation/hooks";

/** The results page showing these benefits with sample values (spec §2 `?debug=`). */
export function previewLink(ids: readonly string[]): string {
  return `${RESULTS_PATH}?debug=${ids.map(encodeURIComponent).join(",")}`;
}

/**
 * Spec §2 `/preview`, for content editors: how a benefit's card reads on the results page,
 * without answering the questionnaire. Any list of identifiers, or one benefit of the list.
 */
export function PreviewPage() {
  usePageTitle("Prévisualiser des aides");
  const { benefits } = useBundle();
  const navigate = useNavigate();
  const [ids, setIds] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = ids
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean);
    if (chosen.length > 0) navigate(previewLink(chosen));
  };

  return (
    <div className="fr-container fr-py-6w">
      <h1 tabIndex={-1}>Prévisualiser des aides</h1>
      <p>
        Affichez la carte d’une ou plusieurs aides telle qu’elle apparaîtra dans les résultats, avec
        des montants d’exemple, sans répondre au questionnaire.
      </p>
      <form onSubmit={submit} className="fr-mb-4w">
        <Input
          label="Identifiants des aides"
          hintText="Séparés par des virgules, par exemple aide_logement,bourse_criteres_sociaux"
          nativeInputProps={{ value: ids, onChange: (event) => setIds(event.target.value) }}
        />
        <Button type="submit">Prévisualiser</Button>
      </form>
      <h2 className="fr-h4">Aides calculées par le moteur</h2>
      <ul>
        {benefits.map((benefit) => (
          <li key={benefit.id}>
            <Link to={previewLink([benefit.id])}>{benefit.label}</Link>{" "}
            <code className="fr-text--xs">{benefit.id}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
