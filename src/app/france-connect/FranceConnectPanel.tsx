import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { FranceConnectButton } from "@codegouvfr/react-dsfr/FranceConnectButton";
import { useSearchParams } from "react-router-dom";
import {
  FRANCE_CONNECT_ERROR,
  FRANCE_CONNECT_ERROR_MESSAGE,
  FRANCE_CONNECT_QUERY,
  FRANCE_CONNECT_SETTINGS,
  hasFranceConnectCookie,
  type FranceConnectSettings,
} from "./settings";

interface FranceConnectPanelProps {
  settings?: FranceConnectSettings;
  cookieJar?: Pick<Document, "cookie">;
}

/**
 * docs/product.md §2 "Identity provider login", in the simulation layout: the login button with the flag
 * on and `?france-connect-enabled=true`, the error message on `?error=france_connect_error`, and
 * the logout link once signed in.
 */
export function FranceConnectPanel({
  settings = FRANCE_CONNECT_SETTINGS,
  cookieJar,
}: FranceConnectPanelProps) {
  const [params] = useSearchParams();
  const failed = params.get("error") === FRANCE_CONNECT_ERROR;
  const signedIn = settings.enabled && hasFranceConnectCookie(cookieJar);
  const offerLogin = settings.enabled && !signedIn && params.get(FRANCE_CONNECT_QUERY) === "true";
  if (!failed && !signedIn && !offerLogin) return null;
  return (
    <div className="fr-mb-3w">
      {failed && (
        <Alert
          severity="error"
          small
          description={FRANCE_CONNECT_ERROR_MESSAGE}
          className="fr-mb-2w"
        />
      )}
      {offerLogin && <FranceConnectButton url={`${settings.apiPath}/login`} />}
      {signedIn && (
        <p>
          <a
            className="fr-link fr-icon-logout-box-r-line fr-link--icon-left"
            href={`${settings.apiPath}/logout`}
          >
            Se déconnecter de FranceConnect
          </a>
        </p>
      )}
    </div>
  );
}
