import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockSessionCheck, signedIn, signedInUser, signedOut } from "../../testing/mock-session";
import { SESSION_CHECK_DELAY_MS, useAuthGate } from "./use-auth-gate";

async function settle(ms = SESSION_CHECK_DELAY_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("useAuthGate", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts loading and checks the session 100 ms after mount, with credentials", async () => {
    const fetchMock = mockSessionCheck(signedIn());
    const { result } = renderHook(() => useAuthGate());

    expect(result.current).toEqual({ status: "loading" });
    await settle(SESSION_CHECK_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.status).toBe("loading");

    await settle(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/check-session");
    expect(init?.credentials).toBe("include");
    expect(result.current).toEqual({ status: "authenticated", user: signedInUser });
  });

  it("is unauthenticated when the session is not authenticated", async () => {
    mockSessionCheck(signedOut());
    const { result } = renderHook(() => useAuthGate());
    await settle();
    expect(result.current).toEqual({ status: "unauthenticated", reason: "User not authenticated" });
  });

  it("requires the session user to have an e-mail", async () => {
    mockSessionCheck({ isAuthenticated: true, user: { id: "u-2", email: "" } });
    const { result } = renderHook(() => useAuthGate());
    await settle();
    expect(result.current).toEqual({ status: "unauthenticated", reason: "User not authenticated" });
  });

  it.each([401, 403])("treats HTTP %i as 'User not authenticated'", async (status) => {
    mockSessionCheck({ status, body: { error: "Authentication required" } });
    const { result } = renderHook(() => useAuthGate());
    await settle();
    expect(result.current).toEqual({ status: "unauthenticated", reason: "User not authenticated" });
  });

  it("treats an error mentioning 401 in its text as 'User not authenticated'", async () => {
    mockSessionCheck(new Error("Request failed with status 401"));
    const { result } = renderHook(() => useAuthGate());
    await settle();
    expect(result.current).toEqual({ status: "unauthenticated", reason: "User not authenticated" });
  });

  it("lets the user through when the error says 'Database not available'", async () => {
    mockSessionCheck({ status: 503, body: { error: "Database not available" } });
    const { result } = renderHook(() => useAuthGate());
    await settle();
    expect(result.current).toEqual({ status: "authenticated", user: null });
  });

  it("is unauthenticated on any other failure", async () => {
    mockSessionCheck(new TypeError("Failed to fetch"));
    const { result } = renderHook(() => useAuthGate());
    await settle();
    expect(result.current).toEqual({ status: "unauthenticated", reason: "Failed to fetch" });
  });

  it("uses 'HTTP {status}' when a failed answer carries no error field", async () => {
    mockSessionCheck({ status: 500, body: {} });
    const { result } = renderHook(() => useAuthGate());
    await settle();
    expect(result.current).toEqual({ status: "unauthenticated", reason: "HTTP 500" });
  });

  it("never checks when unmounted before the delay", async () => {
    const fetchMock = mockSessionCheck(signedIn());
    const { unmount } = renderHook(() => useAuthGate());
    await settle(50);
    unmount();
    await settle(500);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
