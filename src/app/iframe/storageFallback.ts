/** A Storage kept in memory: it lasts as long as the page. */
export class InMemoryStorage implements Storage {
  #items = new Map<string, string>();

  get length(): number {
    return this.#items.size;
  }

  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  removeItem(key: string): void {
    this.#items.delete(key);
  }

  clear(): void {
    this.#items.clear();
  }
}

function isUsable(read: () => Storage): boolean {
  try {
    const storage = read();
    const probe = "__storage_probe__";
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Inside a third-party iframe, a browser that blocks third-party storage (Chromium with
 * third-party cookies blocked, Safari with all cookies blocked) throws on the mere reading of
 * `localStorage` and `sessionStorage`: the app, and the DSFR's own script, would not start.
 * Such a page gets storages in memory instead: the simulation then lasts as long as the page.
 * Returns the names of the storages replaced.
 */
export function ensureStorages(win: Window = window): string[] {
  const replaced: string[] = [];
  for (const name of ["localStorage", "sessionStorage"] as const) {
    if (isUsable(() => win[name])) continue;
    Object.defineProperty(win, name, { value: new InMemoryStorage(), configurable: true });
    replaced.push(name);
  }
  if (replaced.length > 0)
    console.warn(
      `Stockage du navigateur indisponible (${replaced.join(", ")})\u00a0: la simulation est gardée le temps de la page.`,
    );
  return replaced;
}
