import { request, type APIRequestContext } from "@playwright/test";
import { signInLinkOf, waitForMail } from "./outbox";

/**
 * Signs `email` in over HTTP, in `api` (which keeps the cookies): POST /api/auth/email, the link
 * from the real outbox, then POST /api/auth/verify with its token, as the verify page does. With a
 * browser context's own `context.request`, the context's pages share the session.
 */
/** Links this worker has already used: a second sign-in of one address waits for its own mail. */
const used = new Set<string>();

export async function signInOverHttp(api: APIRequestContext, baseURL: string, email: string): Promise<void> {
  const headers = { Origin: new URL(baseURL).origin };
  const since = Date.now();
  const asked = await api.post(new URL("/api/auth/email", baseURL).href, { data: { email }, headers });
  if (!asked.ok()) throw new Error(`POST /api/auth/email → ${asked.status()} ${await asked.text()}`);
  // the address may also get an invitation mail meanwhile: wait for the one with the sign-in link
  const tokenOf = (text: string) => new URL(signInLinkOf({ file: "", text })).searchParams.get("token") ?? "";
  const mail = await waitForMail(
    email,
    since,
    15_000,
    (text) => text.includes("/auth/verify?token=") && !used.has(tokenOf(text)),
  );
  const token = tokenOf(mail.text);
  used.add(token);
  const verified = await api.post(new URL("/api/auth/verify", baseURL).href, { data: { token }, headers });
  if (!verified.ok()) throw new Error(`POST /api/auth/verify → ${verified.status()} ${await verified.text()}`);
}

/**
 * Signs `email` in over HTTP only (no page), in a request context of its own. For the people a
 * journey needs around the one it follows in the browser.
 */
export async function apiSignIn(baseURL: string, email: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  await signInOverHttp(api, baseURL, email);
  return api;
}

/**
 * A GraphQL operation in an `apiSignIn` context, or in a browser context's own `request` given the
 * `Origin` a page of the app would send (`headers`).
 */
export async function apiGraphql<T>(
  api: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await api.post("/graphql", {
    data: { query, variables },
    headers: { "Apollo-Require-Preflight": "true", ...headers },
  });
  const answer = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  if (answer.errors?.length) throw new Error(answer.errors.map((e) => e.message).join("; "));
  return answer.data as T;
}
