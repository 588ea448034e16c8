import type { Link } from "react-router-dom";

// Lets DSFR components take react-router's `to` in their `linkProps`.
declare module "@codegouvfr/react-dsfr/link" {
  interface RegisterLink {
    Link: typeof Link;
  }
}
