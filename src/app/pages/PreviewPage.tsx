import { Button } from "@codegouvfr/react-dsfr/Button";
import { Input } from "@codegouvfr/react-dsfr/Input";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { usePageTitle } from "../layout/usePageTitle";
import { RESULTS_PATH } from "../../domain";
import { DebugResults } from "../results/DebugResults";
import { useBundle } from "../simulation/hooks";

const debugQuery = (ids: readonly string[]) => `?debug=${ids.map(encodeURIComponent).join(",")}`;

/** The results page showing these benefits with sample values (docs/product.md §2 `?debug=`). */
export function previewLink(ids: readonly string[]): string {
  return `${RESULTS_PATH}${debugQuery(ids)}`;
}

function parseIds(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}

/**
 * docs/product.md §2 `/preview`, for content editors: how a benefit's card reads on the results page, with
 * sample values, without answering the questionnaire (`/preview?debug=id1,id2`). The same cards
 * show under the visitor's own results at `/simulation/resultats?debug=…`.
 */
export function PreviewPage() {
  usePageTitle("Prévisualiser des aides");
  const { benefits } = useBundle();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const shown = parseIds(searchParams.get("debug"));
  const [ids, setIds] = useState(shown.join(","));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = parseIds(ids);
    if (chosen.length > 0) navigate(`/preview${debugQuery(chosen)}`);
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
      {shown.length > 0 && (
        <div className="fr-mb-6w">
          <DebugResults ids={shown} />
          <p className="fr-mt-2w">
            <Link to={previewLink(shown)}>Voir ces aides sous les résultats de ma simulation</Link>
          </p>
        </div>
      )}
      <h2 className="fr-h4">Aides calculées par le moteur</h2>
      <ul>
        {benefits.map((benefit) => (
          <li key={benefit.id}>
            <Link to={`/preview${debugQuery([benefit.id])}`}>{benefit.label}</Link>{" "}
            <code className="fr-text--xs">{benefit.id}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
