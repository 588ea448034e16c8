/**
 * Stands in for react-dsfr's `import("./dsfr/dsfr.module")` (alias in vite.config.ts): the same
 * module, downloaded on the first interaction (see interaction.ts). react-dsfr starts the DSFR as
 * soon as this module has been evaluated; held clicks are replayed as the DSFR binds their controls.
 */
import { deferUntilInteraction } from "./interaction";

const behaviours = deferUntilInteraction();
await behaviours.interacted;
try {
  await import("@codegouvfr/react-dsfr/dsfr/dsfr.module");
} finally {
  behaviours.started();
}
