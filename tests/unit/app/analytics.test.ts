// @vitest-environment jsdom
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { assign, createActor, createMachine } from "xstate";
import { trackJourneyEvents } from "../../../src/app/analytics/journeyEvents";
import { doNotTrack, hasPiwikIgnoreCookie } from "../../../src/app/analytics/privacy";
import { resolveTelemetryConfig } from "../../../src/app/analytics/runtimeConfig";
import { trackEvent, trackPageView } from "../../../src/app/analytics/track";
import { trackedUrl } from "../../../src/app/analytics/trackedUrl";
import { BLOCKER_MESSAGE, loadTracker, waitForTracker } from "../../../src/app/analytics/tracker";

afterEach(() => {
  delete window._paq;
  delete window.Matomo;
  document.head.innerHTML = "";
});

describe("tracked URL", () => {
  it("drops the excluded query parameters and keeps the others", () => {
    expect(
      trackedUrl(
        "https://site.fr/suivi?token=secret&situationId=1&simulationId=2&_ga=3&surveyEmail=a%40b.fr&code=4&state=5&debug=x#top",
      ),
    ).toBe("https://site.fr/suivi?debug=x#top");
    expect(trackedUrl("https://site.fr/simulation/resultats")).toBe(
      "https://site.fr/simulation/resultats",
    );
  });
});

describe("privacy", () => {
  it("reads do-not-track and the opt-out cookie", () => {
    expect(doNotTrack({ doNotTrack: "1" })).toBe(true);
    expect(doNotTrack({ doNotTrack: "0" })).toBe(false);
    expect(doNotTrack({ doNotTrack: null })).toBe(false);
    expect(hasPiwikIgnoreCookie("a=1; piwik_ignore=*")).toBe(true);
    expect(hasPiwikIgnoreCookie("not_piwik_ignore=1")).toBe(false);
  });
});

describe("tracker", () => {
  it("queues the tracker settings before the commands already queued, and adds its script once", () => {
    trackPageView("https://site.fr/", "Accueil");
    trackEvent("Parcours", "navigation", "/simulation/x");
    loadTracker({ url: "https://stats.example/", siteId: 66 });
    loadTracker({ url: "https://stats.example/", siteId: 66 });
    expect(window._paq).toEqual([
      ["setTrackerUrl", "https://stats.example/matomo.php"],
      ["setSiteId", "66"],
      ["setCustomUrl", "https://site.fr/"],
      ["setDocumentTitle", "Accueil"],
      ["trackPageView"],
      ["trackEvent", "Parcours", "navigation", "/simulation/x"],
    ]);
    const scripts = document.querySelectorAll("script[data-analytics-tracker]");
    expect([...scripts].map((script) => script.getAttribute("src"))).toEqual([
      "https://stats.example/matomo.js",
    ]);
  });

  it("says a blocker may be active when the script fails to load", () => {
    const logged: string[] = [];
    loadTracker({ url: "https://stats.example", siteId: 66 }, window, (m) => logged.push(m));
    document.querySelector("script[data-analytics-tracker]")!.dispatchEvent(new Event("error"));
    expect(logged).toEqual([BLOCKER_MESSAGE]);
    expect(BLOCKER_MESSAGE).toContain("bloqueur");
  });

  it("is awaited until it appears", async () => {
    setTimeout(() => {
      window.Matomo = { getAsyncTracker: () => ({ getVisitorId: () => "abc123" }) };
    }, 120);
    const tracker = await waitForTracker(window, 3000, 50);
    expect(tracker?.getVisitorId()).toBe("abc123");
  });

  it("is given up after the timeout", async () => {
    expect(await waitForTracker(window, 120, 50)).toBeUndefined();
  });
});

describe("journey events", () => {
  const machine = createMachine({
    types: {} as { context: { currentPath: string } },
    context: { currentPath: "/simulation/a" },
    on: {
      NEXT: { actions: assign({ currentPath: "/simulation/b" }) },
      BACK: { actions: assign({ currentPath: "/simulation/a" }) },
      RESUME: { actions: assign({ currentPath: "/simulation/b" }) },
      COMPUTE: {},
    },
  });

  it("tracks forward and back moves, resuming and computing", () => {
    const actor = createActor(machine).start();
    const tracked: unknown[][] = [];
    const stop = trackJourneyEvents(actor, (...args) => tracked.push(args));
    actor.send({ type: "NEXT" });
    actor.send({ type: "NEXT" }); // Already there: not a move.
    actor.send({ type: "BACK" });
    actor.send({ type: "RESUME" });
    actor.send({ type: "COMPUTE" });
    stop();
    actor.send({ type: "BACK" });
    expect(tracked).toEqual([
      ["Parcours", "navigation", "/simulation/a"],
      ["Parcours", "back", "/simulation/b"],
      ["Parcours", "Reprendre ma simulation", "/simulation/b"],
      ["Résultats", "compute"],
    ]);
  });
});

describe("telemetry configuration", () => {
  async function withServer(body: unknown, run: (base: string) => Promise<void>) {
    const server: Server = createServer((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body)),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it("takes the server's values when the build has none, the build's first", async () => {
    const served = {
      matomoUrl: "https://stats.example/",
      matomoSiteId: 12,
      statsUrl: "/api/stats/events",
      sentryDsn: null,
    };
    await withServer(served, async (base) => {
      const fetchFn = (input: string, init?: RequestInit) => fetch(`${base}${input}`, init);
      expect(await resolveTelemetryConfig({}, fetchFn)).toEqual({
        matomoUrl: "https://stats.example",
        matomoSiteId: 12,
        statsUrl: "/api/stats/events",
      });
      expect(
        await resolveTelemetryConfig(
          { VITE_MATOMO_URL: "https://other.example", VITE_SENTRY_DSN: "https://k@s.example/1" },
          fetchFn,
        ),
      ).toEqual({
        matomoUrl: "https://other.example",
        matomoSiteId: 12,
        statsUrl: "/api/stats/events",
        sentryDsn: "https://k@s.example/1",
      });
    });
  });

  it("turns everything off when the server cannot answer, site id 66", async () => {
    const unreachable = (input: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:1${input}`, init);
    expect(await resolveTelemetryConfig({}, unreachable)).toEqual({ matomoSiteId: 66 });
  });
});
