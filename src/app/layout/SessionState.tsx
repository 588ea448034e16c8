import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from "react";

/** A message shown at the top of the simulation pages (docs/product.md §4 "Message"). */
export interface Message {
  text: string;
  /** Page views left: each view lowers it, and the text goes once it falls below zero. */
  counter: number;
  /** Ends with a link to write to the contact address. */
  contact?: boolean;
}

export interface SessionSnapshot {
  message?: Message;
  /** `?debug=parcours` mode (docs/product.md §2 "Debug mode"). */
  debug: boolean;
  /** The first-load sanity check (docs/product.md §5) ran. */
  sanityChecked: boolean;
}

export const DEFAULT_MESSAGE_COUNTER = 1;

/**
 * What the browser tab remembers besides the simulation itself, for this page load only: a
 * message, the debug mode and whether the sanity check already ran.
 */
export class SessionStore {
  #snapshot: SessionSnapshot;
  #listeners = new Set<() => void>();
  #lastViewKey: string | undefined;

  constructor(initial: Partial<SessionSnapshot> = {}) {
    this.#snapshot = { debug: false, sanityChecked: false, ...initial };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.#snapshot;

  #update(patch: Partial<SessionSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of this.#listeners) listener();
  }

  setMessage(
    text: string,
    { counter = DEFAULT_MESSAGE_COUNTER, contact = false }: Partial<Omit<Message, "text">> = {},
  ): void {
    this.#update({ message: { text, counter, ...(contact ? { contact } : {}) } });
  }

  /** Counts one view of a page, once per history entry (`key`). */
  pageView(key: string): void {
    if (key === this.#lastViewKey) return;
    this.#lastViewKey = key;
    const message = this.#snapshot.message;
    if (!message) return;
    const counter = message.counter - 1;
    this.#update({ message: counter < 0 ? undefined : { ...message, counter } });
  }

  setDebug(debug: boolean): void {
    if (debug !== this.#snapshot.debug) this.#update({ debug });
  }

  markSanityChecked(): void {
    if (!this.#snapshot.sanityChecked) this.#update({ sanityChecked: true });
  }
}

const StoreContext = createContext<SessionStore | null>(null);

export function SessionStateProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new SessionStore());
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("SessionStateProvider is missing");
  return store;
}

export function useSessionState(): SessionSnapshot {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
