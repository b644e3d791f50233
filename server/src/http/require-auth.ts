import type { NextFunction, Request, Response } from "express";
import { unauthenticated } from "../lib/errors.js";

/** For REST routes: 401 unless signed in. `req.userId` is set by the app from the session. */
export function requireAuth(req: Request, _res: Response, next: NextFunction): void {
  if (!req.userId) return next(unauthenticated());
  next();
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in user's id, or null. */
      userId: string | null;
    }
  }
}
