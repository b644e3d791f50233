// The contract between server and client (docs/decisions/030-one-contract.md): plain ESM, so
// Node, Vite and vitest read it as it is, with no build step.
export * from "./limits.js";
export * from "./messages.js";
export * from "./usernames.js";
