/**
 * Real OpenFisca-France engine, no mocks: installs it if needed (scripts/engine/ensure-engine.sh),
 * starts it once through the supervisor on a free port, and checks the engine's own outputs.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createEngineClient,
  createEngineSupervisor,
  EngineRequestError,
  EngineTimeoutError,
  EngineUnavailableError,
  isProcessGroupAlive,
  type CalculateRequest,
  type CalculateResponse,
  type EngineLogger,
  type EngineSupervisor,
} from "../../src/server/engine/index.js";
import { registry } from "../../src/server/metrics";
import { freePort } from "./helpers/engine";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const MONTH = "2025-10";
const YEAR = "2025";

/** Keeps engine logs out of the test output unless something goes wrong. */
function recordingLogger(): EngineLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(message),
    // Engine warnings include the tracebacks of the deliberately bad requests below.
    warn: (message) => lines.push(message),
    error: (message) => {
      lines.push(message);
      console.error(message);
    },
  };
}

function read(
  response: CalculateResponse,
  entities: keyof CalculateResponse,
  id: string,
  variable: string,
  period: string,
): unknown {
  const values = response[entities]?.[id]?.[variable];
  if (!values || Array.isArray(values)) throw new Error(`${entities}.${id}.${variable} missing`);
  return values[period];
}

/** (a) 20-year-old student in licence 2, renting a furnished flat in Lyon, modest parents. */
const studentRequest: CalculateRequest = {
  individus: {
    etudiant: {
      date_naissance: { ETERNITY: "2005-03-15" },
      activite: { [MONTH]: "etudiant" },
      scolarite: { [MONTH]: "enseignement_superieur" },
      annee_etude: { [MONTH]: "licence_2" },
      statuts_etablissement_scolaire: { [MONTH]: "public" },
      enfant_a_charge: { [YEAR]: false },
      habite_chez_parents: { [MONTH]: false },
      bourse_criteres_sociaux_base_ressources_parentale: { [MONTH]: 15000 },
      salaire_net: { [MONTH]: 0 },
      bourse_criteres_sociaux: { [MONTH]: null },
      contrat_engagement_jeune: { [MONTH]: null },
    },
  },
  familles: {
    famille: {
      parents: ["etudiant"],
      bourse_criteres_sociaux_nombre_enfants_a_charge: { [MONTH]: 2 },
      bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur: { [MONTH]: 1 },
      aide_logement: { [MONTH]: null },
      rsa: { [MONTH]: null },
      ppa: { [MONTH]: null },
    },
  },
  foyers_fiscaux: { foyer_fiscal: { declarants: ["etudiant"] } },
  menages: {
    menage: {
      personne_de_reference: ["etudiant"],
      statut_occupation_logement: { [MONTH]: "locataire_meuble" },
      loyer: { [MONTH]: 450 },
      charges_locatives: { [MONTH]: 0 },
      depcom: { [MONTH]: "69123" },
      coloc: { [MONTH]: false },
      logement_chambre: { [MONTH]: false },
    },
  },
};

/** 2024-10 … 2025-10: the last 12 months and the current one. */
const last13Months = Array.from({ length: 13 }, (_, i) => {
  const date = new Date(Date.UTC(2024, 9 + i, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
});

/** (b) 45-year-old employee earning 1 100 € net a month, living alone in a rented flat. */
const employeeRequest: CalculateRequest = {
  individus: {
    salarie: {
      date_naissance: { ETERNITY: "1980-05-01" },
      activite: { [MONTH]: "actif" },
      salaire_net: Object.fromEntries(last13Months.map((month) => [month, 1100])),
    },
  },
  familles: {
    famille: {
      parents: ["salarie"],
      ppa: { [MONTH]: null },
      rsa: { [MONTH]: null },
    },
  },
  foyers_fiscaux: { foyer_fiscal: { declarants: ["salarie"] } },
  menages: {
    menage: {
      personne_de_reference: ["salarie"],
      statut_occupation_logement: { [MONTH]: "locataire_vide" },
      loyer: { [MONTH]: 500 },
      depcom: { [MONTH]: "69123" },
    },
  },
};

describe("OpenFisca-France engine (real)", () => {
  let supervisor: EngineSupervisor;
  const logger = recordingLogger();

  beforeAll(async () => {
    execFileSync("bash", [`${repoRoot}scripts/engine/ensure-engine.sh`], { stdio: "inherit" });
    supervisor = createEngineSupervisor({
      port: await freePort(),
      workers: 2,
      workerTimeoutS: 90,
      clientTimeoutMs: 80_000,
      logger,
    });
    const status = await supervisor.start();
    if (status !== "ready") console.error(logger.lines.join("\n"));
    expect(status).toBe("ready");
  });

  afterAll(async () => {
    await supervisor?.stop();
  });

  it("(a) student: bourse sur critères sociaux and aide au logement", async () => {
    const response = await supervisor.client.calculate(studentRequest);
    const bourse = read(response, "individus", "etudiant", "bourse_criteres_sociaux", MONTH);
    const logement = read(response, "familles", "famille", "aide_logement", MONTH);
    expect(bourse).toBeGreaterThan(0);
    expect(logement).toBeGreaterThan(0);
  });

  it("(b) employee: prime d'activité", async () => {
    const response = await supervisor.client.calculate(employeeRequest);
    expect(read(response, "familles", "famille", "ppa", MONTH)).toBeGreaterThan(0);
  });

  it("reads parameters by dotted id", async () => {
    const parameter = await supervisor.client.parameter(
      "prestations_sociales.education.bourses.enseignement_superieur.criteres_sociaux.age_maximum",
    );
    expect(parameter.id).toBe(
      "prestations_sociales.education.bourses.enseignement_superieur.criteres_sociaux.age_maximum",
    );
    expect(Object.values(parameter.values ?? {})).toContain(28);
  });

  it("types the engine's errors", async () => {
    const client = supervisor.client;
    const unknown = { individus: { x: { variable_inconnue: { [MONTH]: 1 } } } };
    const notFound = await client.calculate(unknown).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(EngineRequestError);
    expect((notFound as EngineRequestError).status).toBe(404);
    expect(JSON.stringify((notFound as EngineRequestError).body)).toContain("variable_inconnue");

    const badValue = { individus: { x: { activite: { [MONTH]: "astronaute" } } } };
    const invalid = await client.calculate(badValue).catch((error: unknown) => error);
    expect((invalid as EngineRequestError).status).toBe(400);
    expect((invalid as EngineRequestError).body).toMatchObject({
      individus: { x: { activite: { [MONTH]: expect.stringContaining("astronaute") } } },
    });

    // A MONTH variable asked for a year: OpenFisca answers 500, but retrying cannot help.
    const wrongPeriod = {
      individus: { x: {} },
      familles: { f: { parents: ["x"], ppa: { [YEAR]: null } } },
    };
    const misperiod = await client.calculate(wrongPeriod).catch((error: unknown) => error);
    expect(misperiod).toBeInstanceOf(EngineRequestError);
    expect((misperiod as EngineRequestError).status).toBe(500);

    await expect(client.calculate(studentRequest, { timeoutMs: 1 })).rejects.toBeInstanceOf(
      EngineTimeoutError,
    );

    const closed = createEngineClient({ baseUrl: `http://127.0.0.1:${await freePort()}` });
    await expect(closed.spec()).rejects.toBeInstanceOf(EngineUnavailableError);
    expect(await closed.health()).toBe(false);
  });

  it("only health-checks an external engine (ENGINE_URL)", async () => {
    const external = createEngineSupervisor({ externalUrl: supervisor.baseUrl, logger });
    expect(await external.start()).toBe("ready");
    expect(external.pid).toBeUndefined();
    await external.stop();

    const down = createEngineSupervisor({
      externalUrl: `http://127.0.0.1:${await freePort()}`,
      bootTimeoutMs: 1_500,
      logger: recordingLogger(),
    });
    expect(await down.start()).toBe("degraded");
    await down.stop();
  });

  it("(c) restarts the engine after kill -9 of its master", async () => {
    const oldPid = supervisor.pid;
    expect(oldPid).toBeTypeOf("number");
    const wentDown = new Promise<void>((resolve) => {
      const off = supervisor.onStatus((status) => {
        if (status !== "ready") {
          off();
          resolve();
        }
      });
    });
    const restarts = async () =>
      (await registry.getSingleMetric("simulateur_engine_restarts_total")!.get()).values[0]!.value;
    const restartsBefore = await restarts();
    process.kill(oldPid!, "SIGKILL");
    await wentDown;
    // docs/deploy.md "Metrics": the alert EngineRestarted.
    expect((await restarts()) - restartsBefore).toBe(1);
    await supervisor.waitUntilReady(240_000);
    expect(supervisor.pid).not.toBe(oldPid);
    expect(isProcessGroupAlive(oldPid!)).toBe(false); // no orphan worker left behind

    const response = await supervisor.client.calculate(employeeRequest);
    expect(read(response, "familles", "famille", "ppa", MONTH)).toBeGreaterThan(0);
  });

  it("stop() ends the master and every worker", async () => {
    const pid = supervisor.pid!;
    await supervisor.stop();
    expect(isProcessGroupAlive(pid)).toBe(false);
    expect(await supervisor.client.health()).toBe(false);
    expect(supervisor.status).toBe("degraded");
  });

  it("is degraded, not crashed, when the engine is not installed", async () => {
    const missing = recordingLogger();
    const noEngine = createEngineSupervisor({
      port: await freePort(),
      venvDir: `${repoRoot}.tmp/no-such-venv`,
      logger: { ...missing, error: (message) => missing.lines.push(message) },
    });
    expect(await noEngine.start()).toBe("degraded");
    expect(missing.lines.join("\n")).toContain("ensure-engine.sh");
    await noEngine.stop();
  });
});
