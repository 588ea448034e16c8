import { createContext, useContext } from "react";
import type { Commune } from "../../domain";

/** What the page components fetch by themselves (the machine does the rest). */
export interface Services {
  fetchCommunes: (codePostal: string) => Promise<Commune[]>;
}

// The API client loads with the first page that asks for communes, not with the home page.
export const browserServices: Services = {
  fetchCommunes: async (codePostal) => {
    const { fetchCommunes } = await import("../machine/api");
    return fetchCommunes((input, init) => window.fetch(input, init), codePostal);
  },
};

export const ServicesContext = createContext<Services>(browserServices);

export function useServices(): Services {
  return useContext(ServicesContext);
}
