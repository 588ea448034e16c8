import { useEffect, useState } from "react";
import { findAnswer } from "../../domain";
import { SimulationContext } from "../simulation/SimulationContext";
import { PlacesError, PLACES_ERROR_MESSAGE } from "./api";

export type Loaded<T> =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "error"; message: string; status?: number }
  | { state: "done"; value: T };

/** Runs `load` when `key` changes (nothing while it is undefined). */
export function useLoaded<T>(key: string | undefined, load: () => Promise<T>): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "idle" });
  useEffect(() => {
    if (key === undefined) {
      setLoaded({ state: "idle" });
      return;
    }
    let current = true;
    setLoaded({ state: "loading" });
    load().then(
      (value) => current && setLoaded({ state: "done", value }),
      (error: unknown) =>
        current &&
        setLoaded(
          error instanceof PlacesError
            ? {
                state: "error",
                message: error.message,
                ...(error.status !== undefined ? { status: error.status } : {}),
              }
            : { state: "error", message: PLACES_ERROR_MESSAGE },
        ),
    );
    return () => {
      current = false;
    };
    // `load` changes on every render; `key` says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return loaded;
}

/** The fetch of the app (the simulation's, so that tests can fake it). */
export function useAppFetch() {
  return SimulationContext.useSelector((state) => state.context.deps.fetch);
}

/** The household's commune (`menage.depcom`) as an INSEE code, when answered. */
export function useHouseholdCommune(): { code: string; nom?: string } | undefined {
  const answers = SimulationContext.useSelector((state) => state.context.answers);
  const value = findAnswer(answers, "menage", "menage", "depcom")?.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const commune = value as { code_insee?: unknown; nom?: unknown };
  if (typeof commune.code_insee !== "string" || commune.code_insee === "") return undefined;
  return {
    code: commune.code_insee,
    ...(typeof commune.nom === "string" ? { nom: commune.nom } : {}),
  };
}
