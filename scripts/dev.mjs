#!/usr/bin/env node
// `npm run dev`: the server with tsx watch on :3000 and Vite with HMR on :5173 (proxying the API).
import { spawn } from "node:child_process";

const procs = [
  spawn("npm", ["run", "dev", "-w", "server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "client"], { stdio: "inherit" }),
];
const stop = (signal) => {
  for (const p of procs) p.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const p of procs)
  p.on("exit", (code) => {
    if (code) {
      stop("SIGTERM");
      process.exitCode = code;
    }
  });
