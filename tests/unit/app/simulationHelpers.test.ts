// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SessionStore } from "../../../src/app/layout/SessionState";
import { readAmount } from "../../../src/app/simulation/fiscal/AmountsForm";
import {
  readLatestSimulationId,
  writeLatestSimulationId,
} from "../../../src/app/simulation/latestSimulation";
import {
  childIdInPath,
  helpPath,
  isPagePath,
  resumeLink,
  simulationTarget,
  skipsSanityCheck,
  stepOfHelpPath,
} from "../../../src/app/simulation/paths";
import { stepsBackFromUnknownChild } from "../../../src/app/simulation/useUrlProjection";

describe("simulation paths", () => {
  it("names learn-more pages after their step", () => {
    const step = "/simulation/menage/_logementType";
    expect(helpPath(step)).toBe(`${step}/en_savoir_plus`);
    expect(stepOfHelpPath(helpPath(step))).toBe(step);
    expect(stepOfHelpPath(step)).toBeUndefined();
    expect(isPagePath(helpPath(step))).toBe(true);
    expect(isPagePath(step)).toBe(false);
    expect(isPagePath("/simulation/revenir-plus-tard")).toBe(true);
  });

  it("builds and reads the resume link, refusing anything outside the simulation", () => {
    expect(resumeLink("/simulation/individu/demandeur/activite")).toBe(
      "/simulation/redirect?to=/individu/demandeur/activite",
    );
    expect(resumeLink("/")).toBe("/simulation/redirect?to=/");
    expect(simulationTarget("/individu/demandeur/activite")).toBe(
      "/simulation/individu/demandeur/activite",
    );
    expect(simulationTarget("/")).toBe("/simulation");
    for (const bad of [null, "", "//evil.example", "https://evil.example", "/a?b", "relative"]) {
      expect(simulationTarget(bad)).toBeUndefined();
    }
  });

  it("exempts the spec's pages from the sanity check", () => {
    expect(skipsSanityCheck("/simulation/individu/demandeur/date_naissance")).toBe(true);
    expect(skipsSanityCheck("/simulation/redirect")).toBe(true);
    expect(skipsSanityCheck("/simulation/recapitulatif")).toBe(true);
    expect(skipsSanityCheck("/simulation/resultats")).toBe(true);
    expect(skipsSanityCheck("/simulation/menage/loyer")).toBe(false);
    expect(skipsSanityCheck("/simulation/revenir-plus-tard")).toBe(false);
  });

  it("finds the child named in a path", () => {
    expect(childIdInPath("/simulation/individu/enfant_3/_firstName")).toBe("enfant_3");
    expect(childIdInPath("/simulation/individu/demandeur/activite")).toBeUndefined();
  });
});

describe("unknown child in the URL (docs/product.md §5)", () => {
  const at = (idx: number) => window.history.replaceState({ idx }, "");

  it("goes back 2 entries from the first name step, otherwise 1", () => {
    at(5);
    expect(stepsBackFromUnknownChild("/simulation/individu/enfant_3/_firstName", [])).toBe(2);
    expect(stepsBackFromUnknownChild("/simulation/individu/enfant_3/date_naissance", [])).toBe(1);
  });

  it("does nothing for a known child, or when the history is too short", () => {
    at(5);
    expect(
      stepsBackFromUnknownChild("/simulation/individu/enfant_0/_firstName", ["enfant_0"]),
    ).toBe(0);
    at(1);
    expect(stepsBackFromUnknownChild("/simulation/individu/enfant_3/_firstName", [])).toBe(0);
  });
});

describe("message view counter (docs/product.md §4)", () => {
  it("keeps the message for its counter's page views, once per history entry", () => {
    const store = new SessionStore();
    store.setMessage("Bonjour");
    expect(store.getSnapshot().message).toEqual({ text: "Bonjour", counter: 1 });
    store.pageView("a");
    store.pageView("a");
    expect(store.getSnapshot().message?.counter).toBe(0);
    store.pageView("b");
    expect(store.getSnapshot().message).toBeUndefined();
  });

  it("takes a longer counter", () => {
    const store = new SessionStore();
    store.setMessage("Bonjour", { counter: 2, contact: true });
    store.pageView("a");
    store.pageView("b");
    expect(store.getSnapshot().message).toEqual({ text: "Bonjour", counter: 0, contact: true });
  });
});

describe("latest simulation cookie", () => {
  it("writes the id for a day and reads it back", () => {
    const jar = { cookie: "" };
    writeLatestSimulationId("abc-123", jar);
    expect(jar.cookie).toMatch(/^lastestSimulation=abc-123; max-age=86400; path=\/; SameSite=Lax/);
    expect(readLatestSimulationId({ cookie: "a=1; lastestSimulation=abc-123; b=2" })).toBe(
      "abc-123",
    );
    expect(readLatestSimulationId({ cookie: "a=1" })).toBeUndefined();
  });
});

describe("amounts typed in the fiscal forms", () => {
  it("reads French decimals, leaves empty fields out and refuses the rest", () => {
    expect(readAmount("1 200,50")).toBe(1200.5);
    expect(readAmount("  ")).toBeUndefined();
    expect(readAmount("douze")).toEqual({ error: expect.stringContaining("montant en euros") });
    expect(readAmount("-1")).toEqual({ error: "Le montant doit être positif ou nul." });
  });
});
