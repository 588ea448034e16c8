import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { useSessionState } from "../layout/SessionState";
import { useContactEmail } from "../layout/useContactEmail";

function ContactLink() {
  const email = useContactEmail();
  return email ? <a href={`mailto:${email}`}>Contactez-nous</a> : <>Contactez-nous.</>;
}

/** The message set for the next pages (docs/product.md §4 "Message"), e.g. after a redirection. */
export function SessionMessage() {
  const { message } = useSessionState();
  if (!message) return null;
  return (
    <Alert
      severity="info"
      small
      className="fr-mb-3w"
      description={
        <>
          {message.text}
          {message.contact && (
            <>
              {" "}
              <ContactLink />
            </>
          )}
        </>
      }
    />
  );
}
