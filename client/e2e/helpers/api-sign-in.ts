import { request, type APIRequestContext } from "@playwright/test";
import { signInLinkOf, waitForMail } from "./outbox";

/**
 * Signs `email` in over HTTP only (no page): POST /api/auth/email, the link from the outbox, then
 * POST /api/auth/verify, in one request context that keeps the cookies. For the people a journey
 * needs around the one it follows in the browser.
 */
export async function apiSignIn(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  const since = Date.now();
  const asked = await api.post("/api/auth/email", { data: { email } });
  if (!asked.ok()) throw new Error(`POST /api/auth/email → ${asked.status()} ${await asked.text()}`);
  // the address may also get an invitation mail meanwhile: wait for the one with the sign-in link
  const mail = await waitForMail(email, since, 15_000, (text) => text.includes("/auth/verify?token="));
  const token = new URL(signInLinkOf(mail)).searchParams.get("token");
  const verified = await api.post("/api/auth/verify", { data: { token } });
  if (!verified.ok()) throw new Error(`POST /api/auth/verify → ${verified.status()} ${await verified.text()}`);
  return api;
}

/** A GraphQL operation in an `apiSignIn` context. */
export async function apiGraphql<T>(
  api: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await api.post("/graphql", {
    data: { query, variables },
    headers: { "Apollo-Require-Preflight": "true" },
  });
  const answer = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  if (answer.errors?.length) throw new Error(answer.errors.map((e) => e.message).join("; "));
  return answer.data as T;
}
