// Kept for older imports: the engine mapping lives in ./engine.
export * from "./engine";
