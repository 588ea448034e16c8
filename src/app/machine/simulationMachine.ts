import { assign, enqueueActions, fromPromise, setup } from "xstate";
import {
  addChild,
  applyStepValues,
  chapterOfPath,
  childIds,
  confirmChildren,
  findStep,
  pruneAnswers,
  RECAP_PATH,
  RESULTS_PATH,
  removeChild,
  splitLocalAnswers,
  type Answer,
  type Bundle,
  type Patrimoine,
  type RessourcesFiscales,
  type Results,
  type SimulationInput,
} from "../../domain";
import { abTestingPayload, assignAbTesting } from "../ab-testing/abTesting";
import {
  ApiError,
  DEFAULT_ERROR_MESSAGE,
  retrieveResults,
  type ComputeOutput,
  type FetchLike,
} from "./api";
import {
  answersBefore,
  firstStepPath,
  journeyOf,
  nextPath,
  previousPath,
  resolveGoto,
  resumePath,
} from "./journey";
import { firstStepOfChild, nextAfterChildStep, nextFromChildrenList } from "./children";
import {
  loadLocalAnswers,
  saveLocalAnswers,
  sharedAnswers,
  withLocalAnswers,
} from "./localAnswers";
import {
  SAVE_ERROR_MESSAGE,
  fetchSimulation,
  storeSimulation,
  type LoadedSimulation,
  type SavedSimulation,
} from "./persistence";
import {
  clearPersistedState,
  loadPersistedState,
  savePersistedState,
  type KeyValueStorage,
  type Logger,
} from "./storage";

/** Everything the machine needs from the outside world, injected so it runs without a browser. */
export interface SimulationDeps {
  bundle: Bundle;
  /** Session storage: the simulation, its id, results and recap states. */
  storage: KeyValueStorage;
  /** Local storage: the answers kept in the browser only (contact details). */
  localStorage?: KeyValueStorage;
  fetch: FetchLike;
  today: () => string;
  logger?: Logger;
}

export interface SimulationContext {
  deps: SimulationDeps;
  answers: Answer[];
  dateDeValeur: string;
  /** The step or page the visitor is on; the URL mirrors it. */
  currentPath: string;
  /** Whether the last move was the visitor's "Suivant" (the progress bar never goes back then). */
  movedForward?: boolean;
  simulationId?: string;
  token?: string;
  results?: Results;
  dirty: boolean;
  /** Counts the changes of the answers (and of the taxable incomes and wealth). */
  revision: number;
  /** The revision a computation or a save in progress was started from. */
  startedRevision?: number;
  updating: boolean;
  /** The French message shown when the computation failed. */
  error?: string;
  /** The server's response to the failed computation. */
  exception?: unknown;
  recapEmailState?: string;
  recapPhoneState?: string;
  /** Engine parameters at the value date (docs/product.md §7), loaded by the app; never stored as answers. */
  parameters?: Record<string, number>;
  /** Taxable incomes of the fiscal year and wealth (docs/product.md §3), beside the answers. */
  ressourcesFiscales?: RessourcesFiscales;
  patrimoine?: Patrimoine;
  /** The French message shown when saving without computing failed. */
  saveError?: string;
  /** Saves asked for by the visitor ("Enregistrer ma simulation") that succeeded. */
  savesDone?: number;
  /** The child being added or edited: after their profile, NEXT returns to the children list. */
  childInProgress?: string;
  /** docs/product.md §3 "access": a saved simulation is being read back, or could not be (forbidden). */
  access: { fetching: boolean; forbidden: boolean };
  /** The simulation a LOAD is reading back. */
  loading?: { simulationId: string; token: string | undefined };
  /** docs/product.md §4 "Simulation status": the saved simulation was anonymised by the server. */
  anonymized?: boolean;
  /** Another save was asked for while one was running: it follows (docs/architecture.md "Compute ahead"). */
  saveAgain?: boolean;
  /** The save in progress is sent while the page is being left. */
  keepalive?: boolean;
}

export type SimulationEvent =
  | { type: "ANSWER"; path: string; values: Record<string, unknown> }
  | { type: "NEXT" }
  | { type: "BACK" }
  | { type: "GOTO"; path: string }
  | { type: "COMPUTE" }
  | { type: "RETRY" }
  | { type: "RESET" }
  | { type: "RESUME" }
  | { type: "PARAMETERS_LOADED"; dateDeValeur: string; parameters: Record<string, number> }
  | { type: "SET_RESSOURCES_FISCALES"; value: RessourcesFiscales | undefined }
  | { type: "SET_PATRIMOINE"; value: Patrimoine | undefined }
  | { type: "SAVE" }
  /** A chapter ended, or the page is being left: save quietly (docs/architecture.md "Compute ahead"). */
  | { type: "AUTOSAVE"; leaving?: boolean }
  | { type: "ADD_CHILD" }
  | { type: "EDIT_CHILD"; id: string }
  | { type: "REMOVE_CHILD"; id: string }
  | { type: "CONFIRM_CHILDREN" }
  | {
      type: "RESTORE";
      simulationId: string;
      token: string;
      simulation: LoadedSimulation;
    }
  | { type: "LOAD"; simulationId: string; token?: string };

function loggerOf(deps: SimulationDeps): Logger {
  return deps.logger ?? console;
}

export function stepsOf(
  context: Pick<SimulationContext, "deps" | "answers" | "dateDeValeur" | "parameters">,
) {
  return journeyOf({
    bundle: context.deps.bundle,
    answers: context.answers,
    dateDeValeur: context.dateDeValeur,
    ...(context.parameters ? { parameters: context.parameters } : {}),
  });
}

/** The answers kept in the browser only, which outlive any simulation. */
function localAnswersOf(deps: SimulationDeps): Answer[] {
  return loadLocalAnswers(deps.bundle, deps.localStorage, loggerOf(deps));
}

function blankContext(deps: SimulationDeps): SimulationContext {
  const base = { deps, answers: localAnswersOf(deps), dateDeValeur: deps.today() };
  return {
    ...base,
    currentPath: firstStepPath(stepsOf(base)),
    simulationId: undefined,
    token: undefined,
    results: undefined,
    dirty: false,
    revision: 0,
    startedRevision: undefined,
    updating: false,
    error: undefined,
    exception: undefined,
    recapEmailState: undefined,
    recapPhoneState: undefined,
    parameters: undefined,
    ressourcesFiscales: undefined,
    patrimoine: undefined,
    saveError: undefined,
    childInProgress: undefined,
    access: { fetching: false, forbidden: false },
    anonymized: undefined,
  };
}

function restoredContext(deps: SimulationDeps): SimulationContext {
  const stored = loadPersistedState(deps.storage, loggerOf(deps));
  if (!stored) return blankContext(deps);
  const base = {
    deps,
    answers: withLocalAnswers(stored.simulation.answers.all, localAnswersOf(deps)),
    dateDeValeur: stored.simulation.dateDeValeur,
  };
  return {
    ...base,
    currentPath: firstStepPath(stepsOf(base)),
    // Saved at a chapter's end, without results: the answers may have changed since (an
    // anonymised simulation is only read back).
    dirty:
      stored.calculs?.dirty ??
      (stored.simulationId !== undefined && stored.simulation.status !== "anonymized"),
    revision: 0,
    updating: false,
    access: { fetching: false, forbidden: false },
    ...(stored.simulationId ? { simulationId: stored.simulationId } : {}),
    ...(stored.simulation.simulationToken ? { token: stored.simulation.simulationToken } : {}),
    ...(stored.calculs ? { results: stored.calculs.resultats } : {}),
    ...(stored.recapEmailState ? { recapEmailState: stored.recapEmailState } : {}),
    ...(stored.recapPhoneState ? { recapPhoneState: stored.recapPhoneState } : {}),
    ...(stored.simulation.ressourcesFiscales
      ? { ressourcesFiscales: stored.simulation.ressourcesFiscales }
      : {}),
    ...(stored.simulation.patrimoine ? { patrimoine: stored.simulation.patrimoine } : {}),
    ...(stored.simulation.status === "anonymized" ? { anonymized: true } : {}),
  };
}

/** The context once a saved simulation has been read back from the server. */
function restoredFrom(
  context: SimulationContext,
  simulationId: string,
  token: string,
  simulation: LoadedSimulation,
): SimulationContext {
  const base = {
    deps: context.deps,
    answers: withLocalAnswers(simulation.answers.all, localAnswersOf(context.deps)),
    dateDeValeur: simulation.dateDeValeur,
  };
  return {
    ...blankContext(context.deps),
    ...base,
    currentPath: firstStepPath(stepsOf(base)),
    simulationId,
    token,
    ressourcesFiscales: simulation.ressourcesFiscales,
    patrimoine: simulation.patrimoine,
    ...(simulation.dateDeValeur === context.dateDeValeur ? { parameters: context.parameters } : {}),
    ...(simulation.status === "anonymized" ? { anonymized: true } : {}),
  };
}

/** The answers as saved and posted: without those kept in the browser only. */
function simulationAnswers(context: SimulationContext): SimulationInput["answers"] {
  const { bundle } = context.deps;
  const current = answersBefore(stepsOf(context), context.answers, context.currentPath);
  return {
    all: sharedAnswers(bundle, context.answers),
    current: sharedAnswers(bundle, current),
  };
}

function persist(context: SimulationContext): void {
  const { bundle, localStorage } = context.deps;
  const { local } = splitLocalAnswers(bundle, context.answers);
  saveLocalAnswers(localStorage, local, loggerOf(context.deps));
  savePersistedState(
    context.deps.storage,
    {
      simulation: {
        answers: simulationAnswers(context),
        dateDeValeur: context.dateDeValeur,
        version: context.deps.bundle.version,
        ...(context.token ? { simulationToken: context.token } : {}),
        ...fiscalPart(context),
        ...(context.anonymized ? { status: "anonymized" as const } : {}),
      },
      ...(context.simulationId ? { simulationId: context.simulationId } : {}),
      ...(context.results ? { calculs: { resultats: context.results, dirty: context.dirty } } : {}),
      ...(context.recapEmailState ? { recapEmailState: context.recapEmailState } : {}),
      ...(context.recapPhoneState ? { recapPhoneState: context.recapPhoneState } : {}),
    },
    loggerOf(context.deps),
  );
}

/** Drops the answers of the steps these answers make inactive (docs/architecture.md "Data flow"). */
function prune(context: SimulationContext, answers: Answer[]): Answer[] {
  return pruneAnswers(context.deps.bundle, answers, {
    dateDeValeur: context.dateDeValeur,
    ...(context.parameters ? { parameters: context.parameters } : {}),
  });
}

/** What every change of the answers sets: results are stale, and a computation running is outdated. */
function changed(context: SimulationContext): Pick<SimulationContext, "dirty" | "revision"> {
  return { dirty: true, revision: context.revision + 1 };
}

/** Results count only when they are not stale and belong to the saved simulation (docs/product.md §4). */
export function hasResults(context: SimulationContext): boolean {
  return (
    !context.dirty && context.results !== undefined && context.results._id === context.simulationId
  );
}

/** Taxable incomes and wealth, when declared, as they are stored and posted. */
function fiscalPart(context: SimulationContext) {
  return {
    ...(context.ressourcesFiscales ? { ressourcesFiscales: context.ressourcesFiscales } : {}),
    ...(context.patrimoine ? { patrimoine: context.patrimoine } : {}),
  };
}

/**
 * docs/architecture.md "Compute ahead": "Suivant" into another chapter saves the simulation. Not
 * into the results, which save and compute at once.
 */
function leavesChapter(steps: ReturnType<typeof stepsOf>, from: string, to: string): boolean {
  return to !== RESULTS_PATH && chapterOfPath(steps, to) !== chapterOfPath(steps, from);
}

/** Answers the server does not hold: changed since the last save, or never saved. */
function unsaved(context: SimulationContext): boolean {
  return context.dirty || (!context.simulationId && context.answers.length > 0);
}

/** The simulation saved before, which a save replaces while the server lets it. */
function existingSave(context: SimulationContext) {
  return context.simulationId && context.token && !context.anonymized
    ? { simulationId: context.simulationId, token: context.token }
    : undefined;
}

function computePayload(context: SimulationContext): SimulationInput {
  // docs/product.md §4: saved answers get their A/B variants, drawn once and kept in local storage.
  const abtesting = abTestingPayload(
    assignAbTesting(context.deps.localStorage, Math.random, loggerOf(context.deps)),
  );
  return {
    answers: simulationAnswers(context),
    dateDeValeur: context.dateDeValeur,
    version: context.deps.bundle.version,
    ...fiscalPart(context),
    ...(abtesting ? { abtesting } : {}),
  };
}

export const simulationMachine = setup({
  types: {
    context: {} as SimulationContext,
    events: {} as SimulationEvent,
    input: {} as { deps: SimulationDeps; restore?: boolean },
  },
  actors: {
    compute: fromPromise<
      ComputeOutput,
      {
        fetch: FetchLike;
        payload: SimulationInput;
        /** The server holds these very answers: read their results. */
        saved?: SavedSimulation;
        /** The server holds older answers: save over them, then read. */
        existing?: SavedSimulation | undefined;
      }
    >(async ({ input }) => {
      const saved =
        input.saved ??
        (await storeSimulation(input.fetch, input.payload, { existing: input.existing }));
      return retrieveResults(input.fetch, saved.simulationId, saved.token);
    }),
    save: fromPromise<
      SavedSimulation,
      {
        fetch: FetchLike;
        payload: SimulationInput;
        existing?: SavedSimulation | undefined;
        keepalive?: boolean;
      }
    >(({ input }) =>
      storeSimulation(input.fetch, input.payload, {
        existing: input.existing,
        ...(input.keepalive ? { keepalive: true } : {}),
      }),
    ),
    prefetch: fromPromise<ComputeOutput, SavedSimulation & { fetch: FetchLike }>(({ input }) =>
      retrieveResults(input.fetch, input.simulationId, input.token),
    ),
    load: fromPromise<
      LoadedSimulation,
      { fetch: FetchLike; simulationId: string; token: string | undefined }
    >(({ input }) => fetchSimulation(input.fetch, input.simulationId, input.token)),
  },
  guards: {
    canGoTo: ({ context }, params: { path: string }) =>
      resolveGoto(stepsOf(context), params.path) !== undefined,
    hasPrevious: ({ context }) => previousPath(stepsOf(context), context.currentPath) !== undefined,
    /** No answer changed since the computation or save in progress started. */
    answersUnchanged: ({ context }) => context.startedRevision === context.revision,
  },
  actions: {
    persist: ({ context }) => persist(context),
    clearStorage: ({ context }) =>
      clearPersistedState(context.deps.storage, loggerOf(context.deps)),
  },
}).createMachine({
  id: "simulation",
  context: ({ input }) =>
    input.restore === false ? blankContext(input.deps) : restoredContext(input.deps),
  initial: "idle",
  on: {
    ANSWER: {
      actions: [
        assign(({ context, event }) => {
          const steps = stepsOf(context);
          const step = findStep(steps, event.path);
          if (!step || !step.isActive) return {};
          const written = applyStepValues(context.answers, step, event.values);
          // applyStepValues returns the same array when every value equals the stored one.
          if (written === context.answers) return {};
          return { answers: prune(context, written), ...changed(context) };
        }),
        "persist",
      ],
    },
    NEXT: {
      actions: [
        enqueueActions(({ context, enqueue }) => {
          const steps = stepsOf(context);
          const next = nextFromChildrenList(
            steps,
            context.currentPath,
            nextPath(steps, context.currentPath),
            childIds(context.answers),
          );
          const moved = nextAfterChildStep(
            steps,
            context.currentPath,
            next,
            context.childInProgress,
          );
          enqueue.assign({ ...moved, movedForward: true });
          if (leavesChapter(steps, context.currentPath, moved.currentPath ?? context.currentPath))
            enqueue.raise({ type: "AUTOSAVE" });
        }),
        "persist",
      ],
    },
    ADD_CHILD: {
      actions: [
        assign(({ context }) => {
          const added = addChild(context.answers);
          const answers = prune(context, added.answers);
          const path = firstStepOfChild(stepsOf({ ...context, answers }), added.id);
          return {
            answers,
            ...changed(context),
            movedForward: false,
            ...(path ? { currentPath: path, childInProgress: added.id } : {}),
          };
        }),
        "persist",
      ],
    },
    EDIT_CHILD: {
      guard: ({ context, event }) => childIds(context.answers).includes(event.id),
      actions: assign(({ context, event }) => {
        const path = firstStepOfChild(stepsOf(context), event.id);
        return path ? { currentPath: path, childInProgress: event.id, movedForward: false } : {};
      }),
    },
    REMOVE_CHILD: {
      guard: ({ context, event }) => childIds(context.answers).includes(event.id),
      actions: [
        assign(({ context, event }) => ({
          answers: prune(context, removeChild(context.answers, event.id)),
          ...changed(context),
          ...(context.childInProgress === event.id ? { childInProgress: undefined } : {}),
        })),
        "persist",
      ],
    },
    CONFIRM_CHILDREN: {
      actions: [
        assign(({ context }) => {
          const confirmed = confirmChildren(context.answers);
          if (confirmed === context.answers) return {};
          return { answers: prune(context, confirmed), ...changed(context) };
        }),
        "persist",
      ],
    },
    BACK: {
      guard: "hasPrevious",
      actions: assign(({ context }) => ({
        currentPath: previousPath(stepsOf(context), context.currentPath) ?? context.currentPath,
        movedForward: false,
      })),
    },
    GOTO: {
      guard: { type: "canGoTo", params: ({ event }) => ({ path: event.path }) },
      actions: enqueueActions(({ context, event, enqueue }) => {
        const steps = stepsOf(context);
        const currentPath = resolveGoto(steps, event.path) ?? context.currentPath;
        // The URL mirrors every move: a GOTO to where the machine already is changes nothing.
        if (currentPath === context.currentPath) return;
        enqueue.assign({ currentPath, movedForward: false });
        // The recap ends the questions: save, and read the results ahead of the click.
        if (currentPath === RECAP_PATH) enqueue.raise({ type: "AUTOSAVE" });
      }),
    },
    RESUME: {
      actions: assign(({ context }) => ({
        currentPath: resumePath(stepsOf(context)),
        movedForward: false,
      })),
    },
    RESET: {
      target: ".idle",
      actions: ["clearStorage", assign(({ context }) => blankContext(context.deps))],
    },
    PARAMETERS_LOADED: {
      // Parameters asked for another value date (before a reset) are stale.
      guard: ({ context, event }) => event.dateDeValeur === context.dateDeValeur,
      actions: assign(({ event }) => ({ parameters: event.parameters })),
    },
    SET_RESSOURCES_FISCALES: {
      actions: [
        assign(({ context, event }) => ({ ressourcesFiscales: event.value, ...changed(context) })),
        "persist",
      ],
    },
    SET_PATRIMOINE: {
      actions: [
        assign(({ context, event }) => ({ patrimoine: event.value, ...changed(context) })),
        "persist",
      ],
    },
    RESTORE: {
      target: ".idle",
      actions: [
        assign(({ context, event }) =>
          restoredFrom(context, event.simulationId, event.token, event.simulation),
        ),
        "persist",
      ],
    },
    LOAD: {
      target: ".loading",
      actions: assign(({ event }) => ({
        loading: { simulationId: event.simulationId, token: event.token },
      })),
    },
  },
  states: {
    loading: {
      entry: assign({ access: { fetching: true, forbidden: false } }),
      invoke: {
        src: "load",
        input: ({ context }) => ({
          fetch: context.deps.fetch,
          simulationId: context.loading?.simulationId ?? "",
          token: context.loading?.token,
        }),
        onDone: {
          target: "idle",
          actions: [
            assign(({ context, event }) => {
              const { simulationId = "", token = "" } = context.loading ?? {};
              return restoredFrom(context, simulationId, token, event.output);
            }),
            "persist",
          ],
        },
        onError: {
          target: "idle",
          // docs/product.md §4: a failed load sets forbidden; the answers in hand are kept.
          actions: assign(({ context, event }) => {
            loggerOf(context.deps).error(event.error);
            return { access: { fetching: false, forbidden: true }, loading: undefined };
          }),
        },
      },
    },
    idle: {
      initial: "quiet",
      on: {
        COMPUTE: "computing",
        RETRY: "computing",
        SAVE: "saving",
      },
      states: {
        quiet: {
          on: {
            AUTOSAVE: [
              {
                // Nothing new to save: on the recap, read the results ahead of the click.
                guard: ({ context }) => !unsaved(context) && existingSave(context) !== undefined,
                target: "prefetching",
              },
              {
                guard: ({ context }) => unsaved(context),
                target: "autosaving",
                actions: assign(({ event }) => ({ keepalive: event.leaving === true })),
              },
            ],
          },
        },
        // docs/architecture.md "Compute ahead": quiet saves, over the simulation saved before.
        autosaving: {
          entry: assign(({ context }) => ({ startedRevision: context.revision, saveAgain: false })),
          on: {
            AUTOSAVE: {
              actions: assign(({ event }) => ({
                saveAgain: true,
                keepalive: event.leaving === true,
              })),
            },
          },
          invoke: {
            src: "save",
            input: ({ context }) => ({
              fetch: context.deps.fetch,
              payload: computePayload(context),
              existing: existingSave(context),
              keepalive: context.keepalive === true,
            }),
            onDone: {
              target: "prefetching",
              actions: [
                assign(({ context, event }) => ({
                  simulationId: event.output.simulationId,
                  token: event.output.token,
                  anonymized: undefined,
                  // The answers saved are the current ones only if none changed meanwhile.
                  dirty: context.startedRevision !== context.revision,
                })),
                "persist",
              ],
            },
            onError: {
              target: "quiet",
              // A quiet save that fails costs nothing: the next one, or the results, save again.
              actions: ({ context, event }) => loggerOf(context.deps).error(event.error),
            },
          },
        },
        prefetching: {
          always: [
            { guard: ({ context }) => context.saveAgain === true, target: "autosaving" },
            {
              // Read ahead only on the recap, once the answers are saved, when none are in hand.
              guard: ({ context }) =>
                context.currentPath !== RECAP_PATH || context.dirty || hasResults(context),
              target: "quiet",
            },
          ],
          invoke: {
            src: "prefetch",
            input: ({ context }) => ({
              fetch: context.deps.fetch,
              simulationId: context.simulationId ?? "",
              token: context.token ?? "",
            }),
            onDone: {
              target: "quiet",
              actions: [
                assign(({ context, event }) =>
                  !context.dirty && event.output.simulationId === context.simulationId
                    ? {
                        results: event.output.results,
                        recapEmailState: undefined,
                        recapPhoneState: undefined,
                      }
                    : {},
                ),
                "persist",
              ],
            },
            // The results page computes and reports the error itself.
            onError: "quiet",
          },
          on: {
            AUTOSAVE: {
              guard: ({ context }) => unsaved(context),
              target: "autosaving",
              actions: assign(({ event }) => ({ keepalive: event.leaving === true })),
            },
          },
        },
      },
    },
    saving: {
      entry: assign(({ context }) => ({ saveError: undefined, startedRevision: context.revision })),
      invoke: {
        src: "save",
        input: ({ context }) => ({
          fetch: context.deps.fetch,
          payload: computePayload(context),
          existing: existingSave(context),
        }),
        onDone: [
          {
            // An answer changed while saving: the saved answers are not the current ones.
            guard: { type: "answersUnchanged" },
            target: "idle",
            // docs/product.md §4: saving sets the id and clears dirty.
            actions: [
              assign(({ context, event }) => ({
                simulationId: event.output.simulationId,
                token: event.output.token,
                dirty: false,
                // A new simulation: only the one read back was anonymised.
                anonymized: undefined,
                savesDone: (context.savesDone ?? 0) + 1,
              })),
              "persist",
            ],
          },
          {
            target: "saving",
            reenter: true,
            // Saved again over it with the current answers, not as one more simulation.
            actions: assign(({ event }) => ({
              simulationId: event.output.simulationId,
              token: event.output.token,
              anonymized: undefined,
            })),
          },
        ],
        onError: [
          {
            guard: { type: "answersUnchanged" },
            target: "idle",
            actions: assign(({ context, event }) => {
              loggerOf(context.deps).error(event.error);
              return { saveError: SAVE_ERROR_MESSAGE };
            }),
          },
          { target: "saving", reenter: true },
        ],
      },
    },
    computing: {
      entry: assign(({ context }) => ({
        updating: true,
        error: undefined,
        exception: undefined,
        startedRevision: context.revision,
      })),
      invoke: {
        src: "compute",
        input: ({ context }) => ({
          fetch: context.deps.fetch,
          payload: computePayload(context),
          // The server holds these answers (saved at the recap, or an anonymised simulation, whose
          // results docs/product.md §4 retrieves, never computes again): read their results.
          ...(!context.dirty && context.simulationId && context.token
            ? { saved: { simulationId: context.simulationId, token: context.token } }
            : { existing: existingSave(context) }),
        }),
        onDone: [
          {
            // An answer changed while computing: these results are the old answers', compute again.
            guard: { type: "answersUnchanged" },
            target: "idle",
            actions: [
              assign(({ context, event }) => ({
                simulationId: event.output.simulationId,
                token: event.output.token,
                results: event.output.results,
                dirty: false,
                anonymized:
                  context.anonymized && event.output.simulationId === context.simulationId
                    ? true
                    : undefined,
                updating: false,
                recapEmailState: undefined,
                recapPhoneState: undefined,
              })),
              "persist",
            ],
          },
          { target: "computing", reenter: true },
        ],
        onError: [
          {
            guard: { type: "answersUnchanged" },
            target: "idle",
            actions: assign(({ context, event }) => {
              const error = event.error;
              // docs/product.md §8: a computation failure is also reported (the logger reports in the browser).
              loggerOf(context.deps).error(error);
              if (error instanceof ApiError) {
                return { updating: false, error: error.message, exception: error.body };
              }
              return { updating: false, error: DEFAULT_ERROR_MESSAGE, exception: String(error) };
            }),
          },
          // The failed computation was of old answers: compute the current ones.
          { target: "computing", reenter: true },
        ],
      },
    },
  },
});
