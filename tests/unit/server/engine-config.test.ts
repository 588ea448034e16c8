import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import {
  catalogueWarmupRequest,
  createEngineSupervisor,
  DEFAULT_REFORMS,
  engineConfigFromEnv,
  withKnownVariablesOnly,
} from "../../../src/server/engine";

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe("engine configuration", () => {
  it("runs one worker per core by default", () => {
    expect(engineConfigFromEnv({}, silent).workers).toBe(availableParallelism());
    expect(createEngineSupervisor({ logger: silent }).workers).toBe(availableParallelism());
    expect(createEngineSupervisor({ workers: 3, logger: silent }).workers).toBe(3);
  });

  it("keeps the client timeout below the worker timeout", () => {
    const warnings: string[] = [];
    const config = engineConfigFromEnv(
      { ENGINE_WORKER_TIMEOUT_S: "20", ENGINE_CLIENT_TIMEOUT_MS: "25000" },
      { ...silent, warn: (message) => warnings.push(message) },
    );
    expect(config.clientTimeoutMs).toBeLessThan(config.workerTimeoutS * 1000);
    expect(config.clientTimeoutMs).toBe(19_000);
    expect(warnings).toHaveLength(1);
    const defaults = engineConfigFromEnv({}, silent);
    expect(defaults.clientTimeoutMs).toBeLessThan(defaults.workerTimeoutS * 1000);
  });

  it("applies openfisca-france-local's EPCI reform", () => {
    expect(DEFAULT_REFORMS).toContain("openfisca_france_local.epci_test_factory.epci_reform");
  });
});

describe("warm-up household", () => {
  const benefits = [
    { engine: { variable: "rsa", entity: "familles" as const, period: "month" } },
    { engine: { variable: "aah", entity: "individus" as const, period: "month" } },
    { engine: { variable: "taxe_x", entity: "foyers_fiscaux" as const, period: "year" } },
    { engine: { variable: "menage_y", entity: "menages" as const, period: "month" } },
  ];
  const now = new Date(2026, 10, 22);

  it("asks for every catalogue benefit at the current month or year", () => {
    const request = catalogueWarmupRequest(benefits, now);
    expect(request.familles?.famille?.rsa).toEqual({ "2026-11": null });
    expect(request.individus.demandeur?.aah).toEqual({ "2026-11": null });
    expect(request.foyers_fiscaux?.foyer_fiscal?.taxe_x).toEqual({ "2026": null });
    expect(request.menages?.menage?.menage_y).toEqual({ "2026-11": null });
    // The household itself is kept.
    expect(request.menages?.menage?.personne_de_reference).toEqual(["demandeur"]);
  });

  it("leaves out the variables the engine does not know, keeping the roles", () => {
    const request = catalogueWarmupRequest(benefits, now);
    const known = Object.fromEntries(["rsa", "date_naissance", "depcom"].map((name) => [name, {}]));
    const filtered = withKnownVariablesOnly(request, known);
    expect(Object.keys(filtered.familles?.famille ?? {}).sort()).toEqual(["parents", "rsa"]);
    expect(Object.keys(filtered.individus.demandeur ?? {})).toEqual(["date_naissance"]);
    expect(filtered.menages?.menage?.personne_de_reference).toEqual(["demandeur"]);
  });
});
