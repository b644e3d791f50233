import connectPgSimple from "connect-pg-simple";
import session from "express-session";
import type { RequestHandler } from "express";
import type { Pool } from "pg";
import type { Env } from "../config/env.js";
import type { Logger } from "../lib/logger.js";
import { preparedOn } from "../db/prepared.js";

declare module "express-session" {
  interface SessionData {
    /** The signed-in user's id; set only after a successful sign-in (session id regenerated). */
    userId?: string;
    /** When the sign-in happened (ms); the absolute 30-day limit is enforced from it. */
    signedInAt?: number;
  }
}

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export function sessionCookieName(env: Env): string {
  // __Host- requires Secure, so only in production (HTTPS).
  return env.isProduction ? "__Host-ks.sid" : "ks.sid";
}

/**
 * express-session on the Postgres store sharing TypeORM's pool (never MemoryStore). When the
 * database cannot be reached the store's error goes to `next`, and the error handlers answer 503.
 * The store's own background errors (pruning expired sessions) go to `logger`, not the console.
 */
export function sessionMiddleware(env: Env, pool: Pool, secret: string, logger?: Logger): RequestHandler {
  const PgStore = connectPgSimple(session);
  return session({
    name: sessionCookieName(env),
    // No touch: cookies do not roll and the 30-day limit is absolute, so refreshing `expire` on
    // every request would only add a write that each response waits for (bench: +2.5× req/s).
    store: new PgStore({
      // the store's few fixed statements (its read on every signed-in request) as prepared statements
      pool: { query: (text: string, values?: unknown[]) => preparedOn(pool, text, values ?? []) } as unknown as Pool,
      tableName: "session",
      createTableIfMissing: false,
      pruneSessionInterval: 15 * 60,
      disableTouch: true,
      ...(logger
        ? { errorLog: (message: string, err?: unknown) => logger.warn({ err }, `session store: ${message}`) }
        : {}),
    }),
    secret,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      path: "/",
      maxAge: SESSION_MAX_AGE_MS,
    },
  });
}

/** The signed-in user id of a request, honouring the absolute session lifetime. */
export function sessionUserId(
  req: { session?: session.Session & Partial<session.SessionData> },
  now: Date,
): string | null {
  const s = req.session;
  if (!s?.userId) return null;
  if (!s.signedInAt || now.getTime() - s.signedInAt > SESSION_MAX_AGE_MS) return null;
  return s.userId;
}
