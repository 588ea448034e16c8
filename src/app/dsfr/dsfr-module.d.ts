/** The DSFR's own script, as react-dsfr ships it (no types: it only registers behaviours). */
declare module "@codegouvfr/react-dsfr/dsfr/dsfr.module";
