// First: a third-party iframe may have no storage, and modules below read it.
import "./iframe/installStorageFallback";
import { reportError } from "./error-reporting/report";
import "@codegouvfr/react-dsfr/main.css";
import "./styles.css";
import "./link";
import { startReactDsfr } from "@codegouvfr/react-dsfr/spa";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Link } from "react-router-dom";
import { todayIso } from "../domain/dates";
import { telemetryConfig } from "./analytics/runtimeConfig";
import { App } from "./App";

startReactDsfr({ defaultColorScheme: "system", Link });
// Only when a DSN is configured: the reporting code and its SDK are chunks of their own.
void telemetryConfig().then(({ sentryDsn }) => {
  if (sentryDsn) void import("./error-reporting/start").then((m) => m.startErrorReporting());
});

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App
      deps={{
        // The questionnaire loads with the machine, when a page needs them.
        loadBundle: async () => (await import("./bundle")).bundle,
        storage: window.sessionStorage,
        localStorage: window.localStorage,
        fetch: (input, init) => window.fetch(input, init),
        today: () => todayIso(),
        logger: { error: reportError },
      }}
    />
  </StrictMode>,
);
