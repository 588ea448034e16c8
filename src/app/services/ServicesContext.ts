import { createContext, useContext } from "react";
import type { Commune } from "../../domain";
import { fetchCommunes } from "../machine/api";

/** What the page components fetch by themselves (the machine does the rest). */
export interface Services {
  fetchCommunes: (codePostal: string) => Promise<Commune[]>;
}

export const browserServices: Services = {
  fetchCommunes: (codePostal) =>
    fetchCommunes((input, init) => window.fetch(input, init), codePostal),
};

export const ServicesContext = createContext<Services>(browserServices);

export function useServices(): Services {
  return useContext(ServicesContext);
}
