/**
 * Runs the OpenFisca-France web API (gunicorn, from the repo's .venv) on the loopback interface and
 * keeps it alive: health check, warm-up, restart with backoff, clean shutdown of the whole process
 * group. With ENGINE_URL set it only watches an external engine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import {
  createEngineClient,
  DEFAULT_CLIENT_TIMEOUT_MS,
  type CalculateRequest,
  type EngineClient,
  type EngineEntities,
} from "./client.js";
import { repoPath } from "../repo-paths";
import { countEngineRestart } from "../metrics";

export type EngineStatus = "starting" | "ready" | "degraded";

export interface EngineLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface EngineConfig {
  /** Port of the spawned engine on 127.0.0.1 (ENGINE_PORT, default 5001). */
  port: number;
  /** gunicorn workers (ENGINE_WORKERS, default: number of cores). */
  workers: number;
  /** gunicorn --timeout in seconds (ENGINE_WORKER_TIMEOUT_S, default 60). */
  workerTimeoutS: number;
  /** Client timeout (ENGINE_CLIENT_TIMEOUT_MS, default 30000), kept below the worker timeout. */
  clientTimeoutMs: number;
  /** External engine (ENGINE_URL): nothing is spawned, it is only health-checked. */
  externalUrl?: string;
}

export interface EngineSupervisorOptions extends Partial<EngineConfig> {
  logger?: EngineLogger;
  /** Virtual environment holding `bin/openfisca` (default: ENGINE_VENV or <repo>/.venv). */
  venvDir?: string;
  /** Maximum time from spawn to a healthy engine before it is killed and restarted. */
  bootTimeoutMs?: number;
  /** First restart delay; doubles on each consecutive failure up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** How long stop() waits after SIGINT before SIGKILL. */
  stopGraceMs?: number;
  /** Health polling period of an external engine once started. */
  monitorIntervalMs?: number;
  /** Load the model once in the gunicorn master, then fork workers (faster worker respawn). */
  preload?: boolean;
  /** Boot through BOOT_SCRIPT (no OpenAPI example, in-process warm-up); false runs plain `openfisca serve`. */
  fastBoot?: boolean;
  /**
   * Computed in-process at load, then sent once over HTTP after health; null disables it.
   * Variables the engine lacks are left out of both.
   */
  warmupRequest?: CalculateRequest | null;
  /** Reforms applied after the extensions (default: the EPCI reform of openfisca-france-local). */
  reforms?: string[];
  extraArgs?: string[];
}

export interface EngineSupervisor {
  readonly status: EngineStatus;
  /** Base URL of the engine, e.g. "http://127.0.0.1:5001". */
  readonly baseUrl: string;
  /** Client bound to `baseUrl` with the configured client timeout. */
  readonly client: EngineClient;
  /** gunicorn workers of a spawned engine (for an external one: the configured value or the cores). */
  readonly workers: number;
  /** PID of the gunicorn master (also its process group id), when spawned and running. */
  readonly pid: number | undefined;
  readonly external: boolean;
  /** Spawns (or probes) the engine; resolves with the first settled status: 'ready' or 'degraded'. */
  start(): Promise<EngineStatus>;
  /** Resolves as soon as the status is 'ready'; rejects after `timeoutMs`. */
  waitUntilReady(timeoutMs?: number): Promise<void>;
  /** Subscribes to status changes; returns the unsubscribe function. */
  onStatus(listener: (status: EngineStatus) => void): () => void;
  /** Stops the engine and all its workers; no restart afterwards. */
  stop(): Promise<void>;
}

const PREFIX = "[engine]";

/**
 * openfisca-france-local's EPCI reform adds one `menage_dans_epci_siren_<siren>` variable per
 * intercommunality, used by local aids restricted to an EPCI.
 */
export const DEFAULT_REFORMS = ["openfisca_france_local.epci_test_factory.epci_reform"];
export const EXTENSIONS = ["openfisca_france_local", "openfisca_paris"];

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

/** Reads ENGINE_* variables. The client timeout is clamped below the worker timeout. */
export function engineConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  logger: EngineLogger = console,
): EngineConfig {
  const workerTimeoutS = readInt(env, "ENGINE_WORKER_TIMEOUT_S", 60);
  let clientTimeoutMs = readInt(env, "ENGINE_CLIENT_TIMEOUT_MS", DEFAULT_CLIENT_TIMEOUT_MS);
  const externalUrl = env.ENGINE_URL?.trim() || undefined;
  const ceilingMs = workerTimeoutS * 1000 - 1000;
  if (!externalUrl && clientTimeoutMs > ceilingMs) {
    logger.warn(
      `${PREFIX} ENGINE_CLIENT_TIMEOUT_MS=${clientTimeoutMs} is not below the worker timeout ` +
        `(${workerTimeoutS} s): using ${ceilingMs} ms`,
    );
    clientTimeoutMs = ceilingMs;
  }
  return {
    port: readInt(env, "ENGINE_PORT", 5001),
    workers: readInt(env, "ENGINE_WORKERS", availableParallelism()),
    workerTimeoutS,
    clientTimeoutMs,
    ...(externalUrl ? { externalUrl } : {}),
  };
}

/** A small household touching the benefits we compute, at the current month. */
export function defaultWarmupRequest(now: Date = new Date()): CalculateRequest {
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
  const year = String(now.getFullYear());
  return {
    individus: {
      demandeur: {
        date_naissance: { ETERNITY: `${now.getFullYear() - 20}-01-15` },
        activite: { [month]: "etudiant" },
        scolarite: { [month]: "enseignement_superieur" },
        annee_etude: { [month]: "licence_2" },
        statuts_etablissement_scolaire: { [month]: "public" },
        enfant_a_charge: { [year]: false },
        bourse_criteres_sociaux_base_ressources_parentale: { [month]: 15000 },
        salaire_net: { [month]: 400 },
        bourse_criteres_sociaux: { [month]: null },
        contrat_engagement_jeune: { [month]: null },
      },
    },
    familles: {
      famille: {
        parents: ["demandeur"],
        bourse_criteres_sociaux_nombre_enfants_a_charge: { [month]: 2 },
        bourse_criteres_sociaux_nombre_enfants_a_charge_dans_enseignement_superieur: { [month]: 1 },
        aide_logement: { [month]: null },
        ppa: { [month]: null },
        rsa: { [month]: null },
      },
    },
    foyers_fiscaux: { foyer_fiscal: { declarants: ["demandeur"] } },
    menages: {
      menage: {
        personne_de_reference: ["demandeur"],
        statut_occupation_logement: { [month]: "locataire_meuble" },
        loyer: { [month]: 450 },
        depcom: { [month]: "69123" },
      },
    },
  };
}

/** The request without the variables the engine does not know (role lists are kept). */
export function withKnownVariablesOnly(
  request: CalculateRequest,
  known: Record<string, unknown>,
): CalculateRequest {
  const filtered: Record<string, EngineEntities> = {};
  for (const [plural, instances] of Object.entries(request) as [string, EngineEntities][]) {
    filtered[plural] = Object.fromEntries(
      Object.entries(instances).map(([id, instance]) => [
        id,
        Object.fromEntries(
          Object.entries(instance).filter(([key, value]) => Array.isArray(value) || key in known),
        ),
      ]),
    );
  }
  return filtered as unknown as CalculateRequest;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * True while a process of group `pgid` is still running. Zombies do not count: orphaned workers are
 * reaped by PID 1 whenever it gets to it, but they no longer hold memory or the port.
 */
export function isProcessGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after "(comm)": state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state !== "Z" && Number(pgrp) === pgid) return true;
    } catch {
      // The process ended while we were reading.
    }
  }
  return false;
}

/**
 * Runs `openfisca serve` with two boot-time changes, results unchanged:
 * - drops openfisca-france's OpenAPI simulation example, which the web API computes and traces at
 *   load time only to illustrate /spec: most of the boot (measured: 8 s instead of 50 s to healthy);
 * - computes ENGINE_WARMUP_JSON right after loading the model. With --preload that happens once in
 *   the gunicorn master, so every forked worker inherits warm caches (first calculate ~12 s cold).
 * Each patch falls back to plain behaviour if the pinned packages ever change shape.
 */
// A thin Python entry point around `openfisca serve` (see its docstring).
const BOOT_SCRIPT = repoPath("scripts", "engine", "serve.py");
/**
 * Runs the engine's script with a thread that kills the engine's process group when its standard
 * input, a pipe this process holds open, reaches end-of-file: when the server dies, SIGKILL
 * included, the kernel closes the pipe and the engine goes too (see the script's docstring).
 */
const PARENT_WATCH_SCRIPT = repoPath("scripts", "engine", "parent_watch.py");

export function createEngineSupervisor(options: EngineSupervisorOptions = {}): EngineSupervisor {
  return new Supervisor(options);
}

class Supervisor implements EngineSupervisor {
  readonly baseUrl: string;
  readonly client: EngineClient;
  readonly external: boolean;
  readonly workers: number;

  #status: EngineStatus = "starting";
  #listeners = new Set<(status: EngineStatus) => void>();
  #child: ChildProcess | undefined;
  #generation = 0;
  #failures = 0;
  #stopping = false;
  #started: Promise<EngineStatus> | undefined;
  #settleStart: ((status: EngineStatus) => void) | undefined;
  #restartTimer: NodeJS.Timeout | undefined;
  #monitorTimer: NodeJS.Timeout | undefined;

  readonly #log: EngineLogger;
  readonly #port: number;
  readonly #workerTimeoutS: number;
  readonly #venvDir: string;
  readonly #bootTimeoutMs: number;
  readonly #initialBackoffMs: number;
  readonly #maxBackoffMs: number;
  readonly #stopGraceMs: number;
  readonly #monitorIntervalMs: number;
  readonly #preload: boolean;
  readonly #fastBoot: boolean;
  readonly #warmup: CalculateRequest | null;
  readonly #reforms: string[];
  readonly #extraArgs: string[];
  readonly #pidFile: string;
  readonly #onProcessExit = () => {
    if (this.#child?.pid) killGroup(this.#child.pid, "SIGINT");
  };

  constructor(options: EngineSupervisorOptions) {
    this.#log = options.logger ?? console;
    this.#port = options.port ?? 5001;
    this.workers = options.workers ?? availableParallelism();
    this.#workerTimeoutS = options.workerTimeoutS ?? 60;
    this.#venvDir = options.venvDir ?? process.env.ENGINE_VENV ?? repoPath(".venv");
    this.#bootTimeoutMs = options.bootTimeoutMs ?? 240_000;
    this.#initialBackoffMs = options.initialBackoffMs ?? 1_000;
    this.#maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.#stopGraceMs = options.stopGraceMs ?? 1_000;
    this.#monitorIntervalMs = options.monitorIntervalMs ?? 30_000;
    this.#preload = options.preload ?? true;
    this.#fastBoot = options.fastBoot ?? true;
    this.#warmup =
      options.warmupRequest === undefined ? defaultWarmupRequest() : options.warmupRequest;
    this.#reforms = options.reforms ?? DEFAULT_REFORMS;
    this.#extraArgs = options.extraArgs ?? [];
    this.#pidFile = join(this.#venvDir, `engine-${this.#port}.pid`);
    this.external = Boolean(options.externalUrl);
    this.baseUrl = (options.externalUrl ?? `http://127.0.0.1:${this.#port}`).replace(/\/+$/, "");
    const clientTimeoutMs = options.clientTimeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS;
    if (!this.external && clientTimeoutMs >= this.#workerTimeoutS * 1000) {
      this.#log.warn(
        `${PREFIX} client timeout ${clientTimeoutMs} ms is not below the worker timeout ` +
          `${this.#workerTimeoutS} s: slow requests will end in worker kills, not timeouts`,
      );
    }
    this.client = createEngineClient({ baseUrl: this.baseUrl, timeoutMs: clientTimeoutMs });
  }

  get status(): EngineStatus {
    return this.#status;
  }

  get pid(): number | undefined {
    return this.#child?.exitCode === null && this.#child.signalCode === null
      ? this.#child.pid
      : undefined;
  }

  start(): Promise<EngineStatus> {
    if (this.#started) return this.#started;
    this.#stopping = false;
    this.#started = new Promise((resolve) => (this.#settleStart = resolve));
    this.#setStatus("starting");
    if (this.external) {
      void this.#watchExternal();
    } else if (!existsSync(join(this.#venvDir, "bin", "openfisca"))) {
      this.#log.error(
        `${PREFIX} moteur OpenFisca non installé / OpenFisca engine not installed: ` +
          `${this.#venvDir}/bin/openfisca is missing. Run: bash scripts/engine/ensure-engine.sh`,
      );
      this.#setStatus("degraded");
    } else {
      process.once("exit", this.#onProcessExit);
      this.#launch();
    }
    return this.#started;
  }

  waitUntilReady(timeoutMs = this.#bootTimeoutMs): Promise<void> {
    if (this.#status === "ready") return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`engine not ready after ${timeoutMs} ms (status: ${this.#status})`));
      }, timeoutMs);
      const unsubscribe = this.onStatus((status) => {
        if (status !== "ready") return;
        clearTimeout(timer);
        unsubscribe();
        resolve();
      });
    });
  }

  onStatus(listener: (status: EngineStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#generation++;
    clearTimeout(this.#restartTimer);
    clearInterval(this.#monitorTimer);
    process.removeListener("exit", this.#onProcessExit);
    const child = this.#child;
    this.#child = undefined;
    if (child?.pid) {
      const pid = child.pid;
      this.#log.info(`${PREFIX} stopping (pid ${pid})`);
      // SIGINT is gunicorn's quick shutdown; SIGTERM would let idle sync workers linger.
      killGroup(pid, "SIGINT");
      const deadline = Date.now() + this.#stopGraceMs;
      while (isProcessGroupAlive(pid) && Date.now() < deadline) await sleep(100);
      if (isProcessGroupAlive(pid)) {
        // Usual: Python takes seconds to tear down the model at exit, and there is nothing to flush.
        this.#log.info(`${PREFIX} still exiting after ${this.#stopGraceMs} ms: SIGKILL`);
        killGroup(pid, "SIGKILL");
        while (isProcessGroupAlive(pid)) await sleep(50);
      }
      rmSync(this.#pidFile, { force: true });
    }
    this.#setStatus("degraded");
    this.#started = undefined;
  }

  #setStatus(status: EngineStatus): void {
    if (status !== "starting") this.#settleStart?.(status);
    if (status === this.#status) return;
    this.#status = status;
    for (const listener of this.#listeners) listener(status);
  }

  #launch(): void {
    const generation = ++this.#generation;
    this.#killStaleEngine();
    const args = [
      "serve",
      "--country-package",
      "openfisca_france",
      "--extensions",
      ...EXTENSIONS,
      ...(this.#reforms.length > 0 ? ["--reforms", ...this.#reforms] : []),
      // --bind rather than --port: `openfisca serve` rewrites the bind address badly for 5-digit ports.
      "--bind",
      `127.0.0.1:${this.#port}`,
      "--workers",
      String(this.workers),
      "--timeout",
      String(this.#workerTimeoutS),
      ...(this.#preload ? ["--preload"] : []),
      ...this.#extraArgs,
    ];
    const started = Date.now();
    this.#setStatus("starting");
    // detached: the master leads a new process group, so kill(-pid) also reaches every worker.
    // stdin: a pipe never written to, whose end-of-file tells the engine this server is gone.
    const script = this.#fastBoot ? BOOT_SCRIPT : join(this.#venvDir, "bin", "openfisca");
    const child = spawn(
      join(this.#venvDir, "bin", "python"),
      [PARENT_WATCH_SCRIPT, script, ...args],
      {
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
        env: {
          ...process.env,
          PYTHONUNBUFFERED: "1",
          ...(this.#warmup ? { ENGINE_WARMUP_JSON: JSON.stringify(this.#warmup) } : {}),
        },
      },
    );
    this.#child = child;
    // Never written to; an error (the engine already gone) must not become an uncaught one.
    child.stdin?.on("error", () => {});
    this.#log.info(
      `${PREFIX} starting OpenFisca on ${this.baseUrl} (pid ${child.pid}, ${this.workers} workers)`,
    );
    if (child.pid) writeFileSync(this.#pidFile, String(child.pid));
    this.#forwardOutput(child);

    child.once("error", (error) => {
      this.#log.error(`${PREFIX} cannot spawn the engine: ${error.message}`);
      // A failed spawn emits no "exit": go through the same restart path.
      if (child.pid === undefined) this.#onChildExit(child, generation, null, null);
    });
    child.once("exit", (code, signal) => this.#onChildExit(child, generation, code, signal));
    void this.#boot(child, generation, started);
  }

  async #boot(child: ChildProcess, generation: number, started: number): Promise<void> {
    const live = () =>
      generation === this.#generation && !this.#stopping && child.exitCode === null;
    while (live() && !(await this.client.health())) {
      if (Date.now() - started > this.#bootTimeoutMs) {
        this.#log.error(`${PREFIX} not healthy after ${this.#bootTimeoutMs} ms: killing it`);
        if (child.pid) killGroup(child.pid, "SIGKILL");
        return;
      }
      await sleep(500);
    }
    if (!live()) return;
    const healthyAt = Date.now();
    this.#log.info(`${PREFIX} healthy after ${healthyAt - started} ms, warming up`);
    if (this.#warmup) {
      // The model is already warm (BOOT_SCRIPT): this checks /calculate end to end.
      try {
        const known = await this.client.variables();
        await this.client.calculate(withKnownVariablesOnly(this.#warmup, known), {
          timeoutMs: this.#workerTimeoutS * 1000,
        });
      } catch (error) {
        this.#log.warn(`${PREFIX} warm-up request failed: ${String(error)}`);
      }
    }
    if (!live()) return;
    this.#failures = 0;
    this.#log.info(
      `${PREFIX} ready in ${Date.now() - started} ms (warm-up ${Date.now() - healthyAt} ms)`,
    );
    this.#setStatus("ready");
  }

  #onChildExit(
    child: ChildProcess,
    generation: number,
    code: number | null,
    signal: NodeJS.Signals | null,
  ): void {
    // Workers orphaned by a dead master keep the port bound: reap the whole group.
    if (child.pid) killGroup(child.pid, "SIGKILL");
    if (this.#stopping || generation !== this.#generation) return;
    this.#child = undefined;
    const delay = Math.min(this.#initialBackoffMs * 2 ** this.#failures, this.#maxBackoffMs);
    this.#failures++;
    countEngineRestart();
    this.#log.warn(
      `${PREFIX} exited unexpectedly (${signal ?? `code ${code}`}): restarting in ${delay} ms`,
    );
    this.#setStatus("degraded");
    this.#restartTimer = setTimeout(() => {
      if (!this.#stopping && generation === this.#generation) this.#launch();
    }, delay);
  }

  #forwardOutput(child: ChildProcess): void {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on("line", (line) => {
        if (/\[(ERROR|CRITICAL)\]|Traceback|Error\b/.test(line)) {
          this.#log.warn(`${PREFIX} ${line}`);
        } else {
          this.#log.info(`${PREFIX} ${line}`);
        }
      });
    }
  }

  /**
   * An engine left by a previous run (one whose parent watch did not fire: started by an older
   * version, or a pid file whose engine is still exiting): reclaim the port.
   */
  #killStaleEngine(): void {
    try {
      const pid = Number(readFileSync(this.#pidFile, "utf8").trim());
      if (!Number.isInteger(pid) || pid <= 1) return;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes("openfisca") && cmdline.includes(`:${this.#port}`)) {
        this.#log.warn(`${PREFIX} killing a stale engine left by a previous run (pid ${pid})`);
        killGroup(pid, "SIGKILL");
      }
    } catch {
      // No pid file, or the process is gone.
    }
  }

  async #watchExternal(): Promise<void> {
    const generation = this.#generation;
    this.#log.info(`${PREFIX} using external engine ${this.baseUrl}`);
    const started = Date.now();
    let healthy = await this.client.health();
    while (!healthy && !this.#stopping && Date.now() - started < this.#bootTimeoutMs) {
      await sleep(1_000);
      healthy = await this.client.health();
    }
    if (this.#stopping || generation !== this.#generation) return;
    this.#reportExternal(healthy);
    this.#monitorTimer = setInterval(async () => {
      const ok = await this.client.health();
      if (!this.#stopping && generation === this.#generation) this.#reportExternal(ok);
    }, this.#monitorIntervalMs);
    this.#monitorTimer.unref();
  }

  #reportExternal(healthy: boolean): void {
    const next: EngineStatus = healthy ? "ready" : "degraded";
    if (next !== this.#status) {
      if (healthy) this.#log.info(`${PREFIX} external engine ${this.baseUrl} is healthy`);
      else this.#log.error(`${PREFIX} external engine ${this.baseUrl} does not answer`);
    }
    this.#setStatus(next);
  }
}
