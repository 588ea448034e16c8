// First: a third-party iframe may have no storage, and modules below read it.
import "./iframe/installStorageFallback";
import "./zodConfig";
import { reportError } from "./error-reporting/report";
import "@codegouvfr/react-dsfr/main.css";
import "./styles.css";
import "./link";
import { startReactDsfr } from "@codegouvfr/react-dsfr/spa";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Link } from "react-router-dom";
import { todayIso } from "../domain";
import { App } from "./App";
import { bundle } from "./bundle";

startReactDsfr({ defaultColorScheme: "system", Link });
// Only when a DSN is configured; the SDK is a chunk of its own.
void import("./error-reporting/start").then(({ startErrorReporting }) => startErrorReporting());

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App
      deps={{
        bundle,
        storage: window.sessionStorage,
        localStorage: window.localStorage,
        fetch: (input, init) => window.fetch(input, init),
        today: () => todayIso(),
        logger: { error: reportError },
      }}
    />
  </StrictMode>,
);
