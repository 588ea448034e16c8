import { Button } from "@codegouvfr/react-dsfr/Button";
import { createModal } from "@codegouvfr/react-dsfr/Modal";
import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "../layout/useHydrated";
import { useHasResults, useIsAnonymized } from "../simulation/hooks";
import { SimulationContext } from "../simulation/SimulationContext";
import { PARTNER_RESULTS_URL, postToPartner } from "./partner";
import { RecapForm } from "./RecapForm";
import { useRecapStatus } from "./recapState";

export const RECAP_BUTTON_LABEL = "Recevoir les résultats par email/SMS";
export const RECAP_TITLE = "Recevoir un récapitulatif";

const recapModal = createModal({ id: "recap-email-modal", isOpenedByDefault: false });

/** After the results: the partner post (docs/product.md §7), once per simulation, silent on failure. */
function usePartnerPost(): void {
  const fetchFn = SimulationContext.useSelector((state) => state.context.deps.fetch);
  const results = SimulationContext.useSelector((state) => state.context.results);
  const answers = SimulationContext.useSelector((state) => state.context.answers);
  const posted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!PARTNER_RESULTS_URL || !results || posted.current === results._id) return;
    posted.current = results._id;
    void postToPartner(fetchFn, PARTNER_RESULTS_URL, answers, results.droitsEligibles);
  }, [answers, fetchFn, results]);
}

/** The results' "send me a recap" button and its modal. */
export function RecapEmailButton() {
  const ready = useHasResults();
  const updating = SimulationContext.useSelector((state) => state.context.updating);
  const status = useRecapStatus();
  const anonymized = useIsAnonymized();
  const hydrated = useHydrated();
  usePartnerPost();
  // docs/product.md §2, §4: an anonymised simulation gets no e-mail recap.
  if (!ready || updating || anonymized) return null;
  return (
    <>
      <Button
        priority="secondary"
        iconId="fr-icon-mail-line"
        className="fr-mb-3w"
        disabled={status === "waiting"}
        nativeButtonProps={recapModal.buttonProps}
      >
        {RECAP_BUTTON_LABEL}
      </Button>
      {/*
       * At the document's end, not inside the caller's button group: the DSFR's
       * `.fr-btns-group .fr-btn` rules would resize the modal's own buttons (its "Envoyer" would
       * lose its large size and fall under a 44 px tap target).
       */}
      {hydrated &&
        createPortal(
          <recapModal.Component title={RECAP_TITLE}>
            <RecapForm idPrefix="recap-modal" />
          </recapModal.Component>,
          document.body,
        )}
    </>
  );
}
