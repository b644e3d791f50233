import { vi } from "vitest";
import type { SessionCheckResult } from "../lib/session";

export const signedInUser = {
  id: "u-1",
  _id: "u-1",
  email: "ada@example.com",
  username: "ada",
  display_name: "Ada Lovelace",
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

type SessionAnswer = SessionCheckResult | { status: number; body?: unknown } | Error;

/**
 * Stubs `fetch` so GET /api/auth/check-session answers with `answer`: a session result, an HTTP
 * error `{status, body}`, or a network failure (an Error). Other requests fail the test.
 */
export function mockSessionCheck(answer: SessionAnswer) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith("/api/auth/check-session")) throw new Error(`Unexpected fetch in test: ${url}`);
    if (answer instanceof Error) throw answer;
    if ("isAuthenticated" in answer) return json(answer);
    return json(answer.body ?? {}, answer.status);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export const signedIn = (): SessionCheckResult => ({ isAuthenticated: true, user: signedInUser });
export const signedOut = (): SessionCheckResult => ({ isAuthenticated: false, user: null });
