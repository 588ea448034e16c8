import { describe, expect, it, vi } from "vitest";
import {
  STORAGE_KEYS,
  holdsServerRendering,
  loadPersistedState,
  peekStoredResults,
} from "../../../src/app/machine/storage";
import { MemoryStorage } from "./fixtures/memoryStorage";

const simulation = JSON.stringify({
  answers: { all: [], current: [] },
  dateDeValeur: "2026-11-01",
});
const results = { _id: "abc", droitsEligibles: [], droitsNonEligibles: [] };

/** Stored values of the id and the results, well and badly formed. */
const cases: Record<string, { simulationId?: string; calculs?: string }> = {
  "fresh results": {
    simulationId: '"abc"',
    calculs: JSON.stringify({ resultats: results, dirty: false }),
  },
  "stale results": {
    simulationId: '"abc"',
    calculs: JSON.stringify({ resultats: results, dirty: true }),
  },
  "results without their list": {
    simulationId: '"abc"',
    calculs: JSON.stringify({ resultats: { _id: "abc" }, dirty: false }),
  },
  "an id that is not a string": {
    simulationId: "42",
    calculs: JSON.stringify({ resultats: results }),
  },
  "values that are not JSON": { simulationId: "abc", calculs: "{" },
  "nothing stored": {},
};

function storageWith(values: { simulationId?: string; calculs?: string }): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.simulation, simulation);
  if (values.simulationId !== undefined)
    storage.setItem(STORAGE_KEYS.simulationId, values.simulationId);
  if (values.calculs !== undefined) storage.setItem(STORAGE_KEYS.calculs, values.calculs);
  return storage;
}

describe("peekStoredResults", () => {
  it.each(Object.entries(cases))(
    "reads what the app will load, and changes nothing: %s",
    (_, values) => {
      const storage = storageWith(values);
      const before = new Map(storage.items);
      const peeked = peekStoredResults(storage);
      expect(storage.items).toEqual(before);
      // The app's own reading of the same storage: the page is hydrated only for what it renders.
      const loaded = loadPersistedState(storageWith(values), { error: vi.fn() });
      expect(peeked.simulationId).toEqual(loaded?.simulationId);
      expect(peeked.calculs).toEqual(loaded?.calculs);
    },
  );

  it("reads nothing from a storage that throws", () => {
    const storage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: vi.fn(),
      removeItem: vi.fn(),
    };
    expect(peekStoredResults(storage)).toEqual({});
  });
});

describe("holdsServerRendering", () => {
  const answer = {
    entityName: "individu",
    id: "demandeur",
    fieldName: "activite",
    value: "etudiant",
  };
  const saved = { answers: { all: [answer], current: [answer] }, dateDeValeur: "2026-11-01" };
  const fresh = JSON.stringify({ resultats: results, dirty: false });

  function storageOf(items: { simulation?: unknown; simulationId?: string; calculs?: string }) {
    const storage = new MemoryStorage();
    if (items.simulation !== undefined)
      storage.setItem(STORAGE_KEYS.simulation, JSON.stringify(items.simulation));
    if (items.simulationId !== undefined)
      storage.setItem(STORAGE_KEYS.simulationId, JSON.stringify(items.simulationId));
    if (items.calculs !== undefined) storage.setItem(STORAGE_KEYS.calculs, items.calculs);
    return storage;
  }
  const server = storageOf({ simulation: { ...saved, version: "v1" }, simulationId: "abc" });

  it("holds the page when the tab holds the simulation named, with the same answers, whatever their keys' order", () => {
    const reordered = {
      dateDeValeur: "2026-11-01",
      simulationToken: "t",
      answers: {
        current: [],
        all: [
          { value: "etudiant", fieldName: "activite", id: "demandeur", entityName: "individu" },
        ],
      },
    };
    expect(
      holdsServerRendering(
        storageOf({ simulation: reordered, simulationId: "abc" }),
        "abc",
        server,
      ),
    ).toBe(true);
  });

  it("does not when the tab's answers changed since the save, or it holds another simulation or none", () => {
    const changed = { ...saved, answers: { all: [{ ...answer, value: "salarie" }], current: [] } };
    expect(
      holdsServerRendering(storageOf({ simulation: changed, simulationId: "abc" }), "abc", server),
    ).toBe(false);
    expect(
      holdsServerRendering(storageOf({ simulation: saved, simulationId: "def" }), "abc", server),
    ).toBe(false);
    expect(
      holdsServerRendering(
        storageOf({ simulationId: "abc" }),
        "abc",
        storageOf({ simulationId: "abc" }),
      ),
    ).toBe(false);
    expect(
      holdsServerRendering(storageOf({ simulation: saved, simulationId: "abc" }), "", server),
    ).toBe(false);
  });

  it("does not when the tab and the server hold different results: fresh on one side only, or others", () => {
    const withResults = storageOf({ simulation: saved, simulationId: "abc", calculs: fresh });
    expect(holdsServerRendering(withResults, "abc", server)).toBe(false);
    const serverWithResults = storageOf({ simulation: saved, simulationId: "abc", calculs: fresh });
    expect(holdsServerRendering(withResults, "abc", serverWithResults)).toBe(true);
    const stale = storageOf({
      simulation: saved,
      simulationId: "abc",
      calculs: JSON.stringify({ resultats: results, dirty: true }),
    });
    // Stale results show as none.
    expect(holdsServerRendering(stale, "abc", server)).toBe(true);
    expect(holdsServerRendering(stale, "abc", serverWithResults)).toBe(false);
    const other = JSON.stringify({ resultats: { ...results, _id: "zzz" }, dirty: false });
    expect(
      holdsServerRendering(
        storageOf({ simulation: saved, simulationId: "abc", calculs: other }),
        "abc",
        serverWithResults,
      ),
    ).toBe(false);
  });
});
