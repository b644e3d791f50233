import express, { type Express } from "express";
import request from "supertest";
import { poolOf } from "../../src/db/data-source.js";
import { sessionMiddleware } from "../../src/http/session.js";
import { resolveSessionSecret } from "../../src/lib/session-secret.js";
import { SAME_ORIGIN, type Agent } from "./sign-in.js";
import type { TestApp } from "./test-app.js";

export type { Agent };

const wrapped = new WeakMap<TestApp, Express>();

/**
 * TEST ONLY. Domain tests sign people in directly (the mail round trip is the auth tests' subject,
 * see sign-in.ts). The app is wrapped in a small outer Express app that adds
 * `POST /__test/login {userId}`: it writes a session through the same store, secret and cookie
 * settings as the app's own session middleware (http/session.ts), exactly as a sign-in does
 * (regenerated id, userId + signedInAt from the test clock), so the real app accepts the cookie.
 * Nothing is added to the app itself: production has no such route.
 */
export function testServer(t: TestApp): Express {
  let outer = wrapped.get(t);
  if (!outer) {
    outer = express();
    const session = sessionMiddleware(t.env, poolOf(t.ds), resolveSessionSecret(t.env));
    outer.post("/__test/login", express.json(), session, (req, res, next) => {
      const userId = (req.body as { userId?: unknown })?.userId;
      if (typeof userId !== "string") return void res.status(400).json({ error: "userId required" });
      req.session.regenerate((err) => {
        if (err) return next(err);
        req.session.userId = userId;
        req.session.signedInAt = t.clock.now().getTime();
        req.session.save((saveErr) => (saveErr ? next(saveErr) : res.status(204).end()));
      });
    });
    outer.use(t.app);
    wrapped.set(t, outer);
  }
  return outer;
}

/** A supertest agent with a valid session for `user` (cookies kept across requests). */
export async function signInAs(t: TestApp, user: { id: string }): Promise<Agent> {
  const agent = request.agent(testServer(t)).set(SAME_ORIGIN);
  await agent.post("/__test/login").send({ userId: user.id }).expect(204);
  return agent;
}

/** A supertest agent without a session (a page of the app: it sends the app's Origin). */
export function anonymous(t: TestApp): Agent {
  return request.agent(testServer(t)).set(SAME_ORIGIN);
}

/** GraphQL answers and REST bodies are read dynamically in tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface GqlResult<T = Record<string, Json>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } & Record<string, unknown>; path?: unknown[] }[];
}

/** Runs a GraphQL operation as the agent (JSON POST, which passes CSRF prevention). */
export async function gql<T = Record<string, Json>>(
  agent: Agent,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GqlResult<T>> {
  const res = await agent.post("/graphql").set("Content-Type", "application/json").send({ query, variables });
  return res.body as GqlResult<T>;
}

/** The first error code of a GraphQL answer, or undefined. */
export function errorCode(result: GqlResult): string | undefined {
  return result.errors?.[0]?.extensions?.code;
}
