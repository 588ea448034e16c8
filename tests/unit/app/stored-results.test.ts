import { describe, expect, it, vi } from "vitest";
import {
  STORAGE_KEYS,
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
