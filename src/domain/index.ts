// The pure domain: the only entry point for the app and the server.
export type * from "./bundle";
export type * from "./types";
export * from "./answers";
export * from "./local-answers";
export * from "./dates";
export { evaluate, type PredicateContext } from "./predicates";
export { predicateContext, roleOf, type JourneyOptions } from "./context";
export * from "./journey";
export * from "./incomes";
export * from "./step-values";
export * from "./situation";
export * from "./engine";
export * from "./fiscal";
export * from "./validation";
export * from "./benefit-selection";
export * from "./eligibility";
export * from "./bikes";
export * from "./format-amount";
