import express, { type RequestHandler, type Router } from "express";
import type { DataSource } from "typeorm";
import type { DatabaseState } from "../db/embedded-supervisor.js";
import { RETRY_AFTER_SECONDS, serviceUnavailable } from "../db/unavailable.js";

export interface HealthState extends DatabaseState {
  shuttingDown: boolean;
}

/**
 * While the embedded database is known to be down (db/embedded-supervisor.ts), every request that
 * needs it answers 503 with Retry-After at once, in its API's shape (the error handlers), instead
 * of waiting for a connection that cannot come.
 */
export function databaseGate(state: HealthState): RequestHandler {
  return (_req, _res, next) => next(state.databaseDown ? serviceUnavailable() : undefined);
}

/**
 * `/livez` does no I/O; `/readyz` makes a database round trip and is 503 (with `Retry-After`)
 * when the database does not answer within 2 s, is known to be restarting, or the server is
 * shutting down. It needs no restart to turn ready again: each probe tries a fresh round trip.
 */
export function healthRoutes(ds: DataSource, state: HealthState): Router {
  const router = express.Router();
  router.get("/livez", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (state.shuttingDown || state.databaseDown) {
      const status = state.shuttingDown ? "shutting down" : "database restarting";
      return void res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).json({ status });
    }
    try {
      await Promise.race([
        ds.query("SELECT 1"),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref()),
      ]);
      res.json({ status: "ok" });
    } catch {
      res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).json({ status: "database unavailable" });
    }
  });
  return router;
}
