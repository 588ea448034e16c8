import type { Droit, ResultsRules } from "../../domain";
import { CompactResult } from "./CompactResult";
import { resultPath } from "./useResults";

/** The certainties the totals never add, in the page's order. */
const SECTIONS = ["to_verify", "on_application"] as const;

interface CertaintySectionsProps {
  /** The results shown (the theme filter applied), in the page's order. */
  droits: readonly Droit[];
  rules: ResultsRules | undefined;
  institutionLabel: (id: string) => string;
}

/**
 * docs/schema-format.md "Certainty": the results that depend on a condition the questionnaire does
 * not ask (« À vérifier ») and those decided case by case (« Sur dossier »), each in a section of
 * its own after the categories, listed compactly with what decides them in full; never in a
 * total.
 */
export function CertaintySections({ droits, rules, institutionLabel }: CertaintySectionsProps) {
  return (
    <>
      {SECTIONS.map((certainty) => {
        const section = rules?.certainty?.[certainty];
        const items = droits.filter((droit) => droit.certainty === certainty);
        if (!section || items.length === 0) return null;
        const headingId = `certitude-${certainty.replace("_", "-")}`;
        return (
          <section key={certainty} className="fr-mt-3w" aria-labelledby={headingId}>
            <h2 id={headingId} className="fr-h6 fr-mb-1w">
              {section.label}
            </h2>
            <p className="fr-text--sm fr-mb-2w">{section.intro}</p>
            <details>
              <summary className="fr-link app-certainty-summary">
                {items.length > 1 ? `Afficher les ${items.length} aides` : "Afficher l’aide"}
              </summary>
              <ul className="app-results app-results--compact">
                {items.map((droit) => (
                  <li key={droit.id}>
                    <CompactResult
                      droit={droit}
                      institution={institutionLabel(droit.institution)}
                      to={resultPath(droit.id)}
                      decisive={{ heading: section.conditions, conditions: droit.decisive ?? [] }}
                    />
                  </li>
                ))}
              </ul>
            </details>
          </section>
        );
      })}
    </>
  );
}
