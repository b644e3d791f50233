import type { CookieOptions, Request, RequestHandler, Response } from "express";
import type { Env } from "../../config/env.js";
import { sessionCookieName } from "../../http/session.js";
import { ipKey } from "../../lib/rate-limit.js";

/**
 * The HTTP side of signing in, shared by the REST routes and the GraphQL resolver: the
 * same-browser proof cookie, the session port and the client address.
 */

export const PROOF_MAX_AGE_MS = 15 * 60 * 1000;

export function proofCookieName(env: Env): string {
  return env.isProduction ? "__Host-ks.pending" : "ks.pending";
}

function proofCookieOptions(env: Env): CookieOptions {
  return { httpOnly: true, sameSite: "lax", secure: env.isProduction, path: "/" };
}

export function setProofCookie(res: Response, env: Env, nonce: string): void {
  res.cookie(proofCookieName(env), nonce, { ...proofCookieOptions(env), maxAge: PROOF_MAX_AGE_MS });
}

export function clearProofCookie(res: Response, env: Env): void {
  res.clearCookie(proofCookieName(env), proofCookieOptions(env));
}

/** The owner mark lives as long as browsers keep a cookie (Chrome caps it at 400 days). */
export const OWNER_MARK_MAX_AGE_MS = 400 * 24 * 3600 * 1000;

export function ownerCookieName(env: Env): string {
  return env.isProduction ? "__Host-ks.owner" : "ks.owner";
}

/** The owner mark of the address this browser signed in as (docs/decisions/032-who-may-learn-whom.md). */
export function setOwnerCookie(res: Response, env: Env, mark: string | null): void {
  if (mark) res.cookie(ownerCookieName(env), mark, { ...proofCookieOptions(env), maxAge: OWNER_MARK_MAX_AGE_MS });
}

export function readOwnerMark(req: Request, env: Env): string | undefined {
  return readCookie(req, ownerCookieName(env));
}

/** A cookie's value from the request header (no cookie-parser in this app). */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function readProof(req: Request, env: Env): string | undefined {
  return readCookie(req, proofCookieName(env));
}

/** The client address for limits: the socket's, or per `trust proxy` (TRUST_PROXY); IPv6 as /64. */
export function clientIp(req: Request): string {
  return ipKey(req.ip ?? req.socket.remoteAddress);
}

/** What the auth service needs of a session, so it decides the order: consume, then sign in. */
export interface SessionPort {
  /** A fresh session id (fixation), the user and the sign-in time stored, saved before answering. */
  signIn(userId: string, at: Date): Promise<void>;
}

export function sessionPort(req: Request): SessionPort {
  return {
    signIn: (userId, at) =>
      new Promise<void>((resolve, reject) => {
        req.session.regenerate((err) => {
          if (err) return reject(err);
          req.session.userId = userId;
          req.session.signedInAt = at.getTime();
          req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
        });
      }).then(() => {
        req.userId = userId;
      }),
  };
}

/**
 * Logout (docs/sign-in-requirements.md H37–38): the session row is destroyed server-side, the
 * session and proof cookies are cleared with the attributes they were set with, and the browser is
 * told to drop its cache. Not every cookie: the owner mark stays, so the browser that signed in keeps
 * its own sign-in quota that nobody else can spend (docs/decisions/032-who-may-learn-whom.md).
 */
export async function endSession(req: Request, res: Response, env: Env): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((err) => (err ? reject(err) : resolve()));
  });
  req.userId = null;
  res.clearCookie(sessionCookieName(env), { httpOnly: true, sameSite: "lax", secure: env.isProduction, path: "/" });
  clearProofCookie(res, env);
  res.setHeader("Clear-Site-Data", '"cache"');
}

/** `Cache-Control: no-store` on every auth answer, errors and 429s included (docs/sign-in-requirements.md F33). */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};
