import { Button } from "@codegouvfr/react-dsfr/Button";
import { CallOut } from "@codegouvfr/react-dsfr/CallOut";
import { RadioButtons } from "@codegouvfr/react-dsfr/RadioButtons";
import { Select } from "@codegouvfr/react-dsfr/Select";
import { useEffect, useRef, useState } from "react";
import { embedUrl } from "../../embed/options";
import { isResizeMessage } from "../../embed/protocol";
import { useContactEmail } from "../layout/useContactEmail";
import { usePageTitle } from "../layout/usePageTitle";
import { themeCatalogue } from "../theme/themes";
import { embedDataset, embedSnippet, type EmbedChoices } from "./snippet";

type CopyStatus = "idle" | "copied" | "failed";

/** The preview follows the simulator's height, as the host script does on a partner's page. */
function usePreviewHeight(frame: React.RefObject<HTMLIFrameElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (event.source !== frame.current?.contentWindow) return;
      if (isResizeMessage(event.data)) setHeight(event.data.height);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame]);
  return height;
}

/** `/iframe`: how partners embed the simulator, with the tag to paste and a live preview. */
export function IframePage() {
  usePageTitle("Intégrer le simulateur");
  const defaultTheme = themeCatalogue.default;
  const [choices, setChoices] = useState<EmbedChoices>({
    fromHome: true,
    withLogo: true,
    theme: defaultTheme,
  });
  const [copyStatus, setCopyStatus] = useState<CopyStatus>("idle");
  const contactEmail = useContactEmail();
  const frame = useRef<HTMLIFrameElement>(null);
  const previewHeight = usePreviewHeight(frame);
  const origin = window.location.origin;
  const snippet = embedSnippet(origin, choices, defaultTheme);
  const previewUrl = embedUrl(origin, embedDataset(choices, defaultTheme));

  const choose = (patch: Partial<EmbedChoices>) => {
    setChoices((current) => ({ ...current, ...patch }));
    setCopyStatus("idle");
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopyStatus("copied");
    } catch {
      setCopyStatus("failed");
    }
  };

  return (
    <div className="fr-container fr-py-6w">
      <h1 tabIndex={-1}>Intégrer le simulateur à votre site</h1>
      <p className="fr-text--lead">
        Collectivités, établissements, réseaux d’information jeunesse&nbsp;: proposez le simulateur
        à vos visiteurs directement dans vos pages.
      </p>
      <p>
        Choisissez les options ci-dessous, puis copiez le code et collez-le à l’endroit de votre
        page où le simulateur doit apparaître. Sa hauteur s’adapte à son contenu.
      </p>
      <CallOut title="Autoriser votre site" titleAs="h2">
        Pour la sécurité de ses visiteurs, le simulateur ne s’affiche que dans les sites autorisés.
        {contactEmail ? (
          <>
            {" "}
            Écrivez-nous à <a href={`mailto:${contactEmail}`}>{contactEmail}</a> en indiquant
            l’adresse de votre site pour l’ajouter.
          </>
        ) : (
          " Contactez-nous en indiquant l’adresse de votre site pour l’ajouter."
        )}
      </CallOut>
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-md-5">
          <h2 className="fr-h4">Options</h2>
          <RadioButtons
            legend="Page de départ"
            name="embed-start"
            options={[
              {
                label: "L’accueil du simulateur",
                nativeInputProps: {
                  checked: choices.fromHome,
                  onChange: () => choose({ fromHome: true }),
                },
              },
              {
                label: "La première question de la simulation",
                nativeInputProps: {
                  checked: !choices.fromHome,
                  onChange: () => choose({ fromHome: false }),
                },
              },
            ]}
          />
          <RadioButtons
            legend="En-tête"
            name="embed-logo"
            options={[
              {
                label: "Avec le logo et le nom du service",
                nativeInputProps: {
                  checked: choices.withLogo,
                  onChange: () => choose({ withLogo: true }),
                },
              },
              {
                label: "Sans logo (en-tête réduit)",
                nativeInputProps: {
                  checked: !choices.withLogo,
                  onChange: () => choose({ withLogo: false }),
                },
              },
            ]}
          />
          <Select
            label="Thème"
            nativeSelectProps={{
              value: choices.theme,
              onChange: (event) => choose({ theme: event.target.value }),
            }}
          >
            {themeCatalogue.themes.map((theme) => (
              <option key={theme.id} value={theme.id}>
                {theme.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="fr-col-12 fr-col-md-7">
          {/* Below the options on a phone: a gap after the theme's select. */}
          <h2 className="fr-h4 fr-mt-4w fr-mt-md-0">Code à copier</h2>
          <pre className="app-embed__snippet">
            <code id="embed-snippet">{snippet}</code>
          </pre>
          <Button
            iconId="fr-icon-clipboard-line"
            priority="secondary"
            onClick={() => void copy()}
            nativeButtonProps={{ "aria-describedby": "embed-snippet" }}
          >
            Copier le code
          </Button>
          <p className="fr-mt-1w fr-text--sm" role="status">
            {copyStatus === "copied" && "Le code est copié dans le presse-papiers."}
            {copyStatus === "failed" &&
              "La copie a échoué\u00a0: sélectionnez le code et copiez-le vous-même."}
          </p>
        </div>
      </div>
      <h2 className="fr-h4 fr-mt-4w">Aperçu</h2>
      <iframe
        ref={frame}
        key={previewUrl}
        src={previewUrl}
        title="Aperçu du simulateur intégré"
        className="app-embed__preview"
        style={previewHeight ? { height: `${previewHeight}px` } : undefined}
      />
    </div>
  );
}
