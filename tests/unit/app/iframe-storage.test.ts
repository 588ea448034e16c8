import { afterEach, describe, expect, it, vi } from "vitest";
import { InMemoryStorage, ensureStorages } from "../../../src/app/iframe/storageFallback";

afterEach(() => vi.restoreAllMocks());

describe("storages of a third-party iframe", () => {
  it("are replaced by storages in memory when the browser denies them", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const kept = new InMemoryStorage();
    // What a browser blocking third-party storage gives the framed page.
    const win = {
      get localStorage(): Storage {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
      sessionStorage: kept,
    } as unknown as Window;
    expect(ensureStorages(win)).toEqual(["localStorage"]);
    win.localStorage.setItem("scheme", "dark");
    expect(win.localStorage.getItem("scheme")).toBe("dark");
    expect(win.sessionStorage).toBe(kept);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("are left alone when usable", () => {
    const win = {
      localStorage: new InMemoryStorage(),
      sessionStorage: new InMemoryStorage(),
    } as unknown as Window;
    expect(ensureStorages(win)).toEqual([]);
  });
});

describe("InMemoryStorage", () => {
  it("behaves as a Storage", () => {
    const storage = new InMemoryStorage();
    storage.setItem("a", "1");
    storage.setItem("b", "2");
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe("b");
    storage.removeItem("a");
    expect(storage.getItem("a")).toBeNull();
    storage.clear();
    expect(storage.length).toBe(0);
  });
});
