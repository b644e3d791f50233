import { vi } from "vitest";

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

/** What a route answers: a body (200), `{status, body, headers}`, an Error (network failure) or a promise of one. */
export type FetchAnswer =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | Error
  | Promise<{ status?: number; body?: unknown; headers?: Record<string, string> } | Error>;

/**
 * Stubs `fetch` with a table of "METHOD /path" → answer (or a function of the call returning
 * one). Unknown requests fail the test. Returns the calls, in order, with parsed JSON bodies.
 */
export function mockFetch(routes: Record<string, FetchAnswer | ((call: FetchCall) => FetchAnswer)>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body, init };
    calls.push(call);
    const route = routes[`${method} ${new URL(url, "http://localhost").pathname}`];
    if (!route) throw new Error(`Unexpected fetch in test: ${method} ${url}`);
    const answer = await (typeof route === "function" ? route(call) : route);
    if (answer instanceof Error) throw answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, calls };
}
