import express, { type Router } from "express";
import type { Services } from "../services.js";

/**
 * The REST façade of spec §7: thin routes that call the same services as the resolvers.
 * Each module contributes a router; mount it here.
 */
export function apiRouter(_services: Services): Router {
  const router = express.Router();
  return router;
}
