import type { ReactNode } from "react";

/**
 * The pages under the results (detail, group, unexpected amount) are routed beside the
 * simulation layout: the machine stays on the results page while they are shown, and the URL is
 * not projected from it.
 */
export function ResultsSubpage({ children }: { children: ReactNode }) {
  return (
    <div className="fr-container fr-py-4w">
      <div className="fr-grid-row fr-grid-row--center">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">{children}</div>
      </div>
    </div>
  );
}
