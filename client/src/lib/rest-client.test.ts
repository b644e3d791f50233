import { describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "./rest-client";

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status, headers }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("apiRequest", () => {
  it("calls /api with the session cookie and JSON, and returns the body", async () => {
    const fetchMock = answer(200, '{"ok":true}');
    await expect(apiRequest("/auth/email", { method: "POST", json: { email: "a@example.com" } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/email");
    expect(init?.credentials).toBe("include");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"email":"a@example.com"}');
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("turns a non-OK answer into an error carrying the body's error field", async () => {
    answer(429, '{"error":"Too many requests","retryAfter":42}', { "Retry-After": "42" });
    const error = await apiRequest("/auth/email").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "Too many requests", status: 429, body: { retryAfter: 42 } });
    expect((error as ApiError).headers.get("Retry-After")).toBe("42");
  });

  it("falls back to 'HTTP {status}'", async () => {
    answer(502, "Bad gateway");
    await expect(apiRequest("/timelines")).rejects.toThrow("HTTP 502");
  });
});
