import type { Request, Response } from "express";
import type { Services } from "../services.js";
import type { Loaders } from "./loaders.js";

export interface GraphQLContext {
  req: Request;
  res: Response;
  /** The signed-in user's id, or null (from the session, never from input). */
  userId: string | null;
  services: Services;
  loaders: Loaders;
}
