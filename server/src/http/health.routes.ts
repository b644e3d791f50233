import express, { type Router } from "express";
import type { DataSource } from "typeorm";
import { RETRY_AFTER_SECONDS } from "../db/unavailable.js";

export interface HealthState {
  shuttingDown: boolean;
}

/**
 * `/livez` does no I/O; `/readyz` makes a database round trip and is 503 (with `Retry-After`)
 * when the database does not answer within 2 s or the server is shutting down. It needs no
 * restart to turn ready again: each probe tries a fresh round trip.
 */
export function healthRoutes(ds: DataSource, state: HealthState): Router {
  const router = express.Router();
  router.get("/livez", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (state.shuttingDown) {
      return void res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).json({ status: "shutting down" });
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
