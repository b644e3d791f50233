import express, { type Request, type Response, type Router } from "express";
import { requireAuth } from "../../http/require-auth.js";
import { restContext } from "../../web/present.js";
import type { Services } from "../../web/services.js";
import {
  clearProofCookie,
  clientIp,
  endSession,
  noStore,
  readOwnerMark,
  readProof,
  sessionPort,
  setOwnerCookie,
  setProofCookie,
} from "./auth.http.js";
import type { AuthCaller, SignedIn, VerifyOutcome } from "./auth.service.js";

type Present = ReturnType<typeof restContext>["present"];

async function outcomeJson(out: VerifyOutcome, present: Present) {
  if (out.state === "confirm") return { state: out.state, maskedEmail: out.maskedEmail, signedInAs: out.signedInAs };
  return {
    state: out.state,
    success: true,
    message: out.alreadySignedIn ? "You're already signed in." : "Email verified successfully",
    alreadySignedIn: out.alreadySignedIn,
    redirectTo: out.redirectTo,
    user: await present.user(out.user),
  };
}

/** The answer of GET /api/auth/check-session (also embedded in a signed-in first screen, web/first-data.ts). */
export async function checkSessionAnswer(req: Request, services: Services) {
  const { viewer, present } = restContext(req, services);
  const user = await services.auth.currentUser(viewer);
  return { isAuthenticated: Boolean(user), user: user ? await present.user(user) : null };
}

/**
 * REST façade of sign-in (docs/product.md §7 Auth; docs/decisions/002-sign-in-safety.md). Thin: every rule is in AuthService. Every
 * answer is `Cache-Control: no-store`; every POST has passed the app's origin guard (http/origin-guard.ts).
 */
export function authRoutes(services: Services): Router {
  const auth = services.auth;
  const env = auth.env;
  // the user in the REST façade's shape (docs/product.md §3), presented for the (new) session's viewer
  const userJson = (req: Request, out: VerifyOutcome) => outcomeJson(out, restContext(req, services).present);
  const router = express.Router();
  const caller = (req: Request): AuthCaller => ({
    ip: clientIp(req),
    userId: req.userId,
    proof: readProof(req, env),
    device: readOwnerMark(req, env),
    session: sessionPort(req),
  });
  /** A browser that signed in: no proof left to keep, and the owner mark of its address. */
  const signedIn = (res: Response, out: SignedIn) => {
    clearProofCookie(res, env);
    setOwnerCookie(res, env, out.ownerMark);
  };
  const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === "object" ? req.body : {});

  router.use("/auth", noStore);

  router.post("/auth/email", async (req, res) => {
    const { message, proof } = await auth.requestLink(body(req).email, caller(req));
    setProofCookie(res, env, proof);
    res.json({ success: true, message });
  });

  // The documented path: answers the link's state, never signs in (docs/sign-in-requirements.md D18).
  router.get("/auth/verify", async (req, res) => {
    res.json(await userJson(req, await auth.inspectLink(req.query.token, caller(req))));
  });

  router.post("/auth/verify", async (req, res) => {
    const out = await auth.verifyLink(body(req).token, caller(req));
    if (out.state === "signed_in") signedIn(res, out);
    res.json(await userJson(req, out));
  });

  router.post("/auth/verify/confirm", async (req, res) => {
    const out = await auth.confirmLink(body(req).token, caller(req));
    signedIn(res, out);
    res.json(await userJson(req, out));
  });

  router.post("/auth/code", async (req, res) => {
    const out = await auth.signInWithCode(body(req).email, body(req).code, caller(req));
    signedIn(res, out);
    res.json(await userJson(req, out));
  });

  router.get("/auth/check-session", async (req, res) => {
    res.json(await checkSessionAnswer(req, services));
  });

  router.post("/auth/logout", async (req, res) => {
    auth.signedOut({ ip: clientIp(req), userId: req.userId });
    await endSession(req, res, env);
    res.json({ success: true, message: "Logged out" });
  });

  // Every session of the person, in every browser (docs/sign-in-requirements.md H39).
  router.post("/auth/logout-everywhere", requireAuth, async (req, res) => {
    const sessionsEnded = await auth.signOutEverywhere({ ip: clientIp(req), userId: req.userId });
    await endSession(req, res, env);
    res.json({ success: true, message: "Signed out everywhere", sessions_ended: sessionsEnded });
  });

  return router;
}
