export * from "./limits.js";
export * from "./messages.js";
