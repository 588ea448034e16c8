/** The simulation's root path; a module of its own so that the home page needs no journey code. */
export const SIMULATION_PATH = "/simulation";
