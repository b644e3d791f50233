import { act, fireEvent, render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch, type FetchAnswer } from "../../../testing/mock-fetch";
import { VERIFY_REDIRECT_DELAY_MS, VerifyScreen } from "./verify-screen";

const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
};

async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** The Verify route in StrictMode (effects run twice in development), other paths show a probe. */
function renderVerify(at: string) {
  const router = createMemoryRouter(
    [
      { path: "/auth/verify", element: <VerifyScreen /> },
      { path: "*", element: <Probe /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

const signedIn = (redirectTo = "/app"): FetchAnswer => ({
  body: {
    state: "signed_in",
    success: true,
    message: "Email verified successfully",
    alreadySignedIn: false,
    redirectTo,
    user: { email: "jo@example.com" },
  },
});
const confirmStep = { body: { state: "confirm", maskedEmail: "j•••@example.com", signedInAs: null } };

describe("Verify screen", () => {
  beforeEach(() => {
    vi.useFakeTimers(FAKE);
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, "", "/");
  });

  it("says 'No verification token found' without a token, and asks the server nothing", async () => {
    const { fetchMock } = mockFetch({});
    renderVerify("/auth/verify");
    await settle();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Verification Failed");
    expect(screen.getByRole("alert")).toHaveTextContent("No verification token found");
    expect(screen.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("verifies once (even in StrictMode), shows Email Verified!, and opens the app after 800 ms", async () => {
    let answer!: (a: FetchAnswer) => void;
    const { calls } = mockFetch({ "POST /api/auth/verify": new Promise<FetchAnswer>((r) => (answer = r)) as never });
    renderVerify("/auth/verify?token=tok123");
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Verifying your email...");

    answer(signedIn("/app/timelines"));
    await settle();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Email Verified!");
    expect(screen.getByRole("status")).toHaveTextContent("Email verified successfully! Redirecting...");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/auth/verify", body: { token: "tok123" } });
    expect(calls[0]!.init?.credentials).toBe("include");

    await settle(VERIFY_REDIRECT_DELAY_MS - 1);
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    await settle(1);
    expect(screen.getByTestId("location")).toHaveTextContent("/app/timelines");
  });

  it("takes the token out of the address bar once it has read it", async () => {
    window.history.replaceState({ idx: 0 }, "", "/auth/verify?token=tok123&recoveryToken=r1&x=1");
    mockFetch({ "POST /api/auth/verify": confirmStep });
    renderVerify("/auth/verify?token=tok123");
    await settle();
    expect(window.location.pathname).toBe("/auth/verify");
    expect(window.location.search).toBe("?x=1");
    expect(window.history.state).toEqual({ idx: 0 });
  });

  it("in another browser asks 'Continue as …' and signs in only on the click", async () => {
    const { calls } = mockFetch({ "POST /api/auth/verify": confirmStep, "POST /api/auth/verify/confirm": signedIn() });
    renderVerify("/auth/verify?token=tok123");
    await settle();
    const button = screen.getByRole("button", { name: "Continue as j•••@example.com" });
    await settle(5_000);
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/verify"]); // nothing happens by itself

    fireEvent.click(button);
    await settle();
    expect(calls.at(-1)).toMatchObject({ url: "/api/auth/verify/confirm", body: { token: "tok123" } });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Email Verified!");
    await settle(VERIFY_REDIRECT_DELAY_MS);
    expect(screen.getByTestId("location")).toHaveTextContent("/app");
  });

  it("says so when this browser is signed in as someone else", async () => {
    mockFetch({
      "POST /api/auth/verify": {
        body: { state: "confirm", maskedEmail: "j•••@example.com", signedInAs: "ada@example.com" },
      },
    });
    renderVerify("/auth/verify?token=tok123");
    await settle();
    expect(screen.getByText(/signed in as ada@example.com now; continuing switches accounts/)).toBeInTheDocument();
  });

  it.each([
    [
      "the server's error",
      { status: 400, body: { error: "This sign-in link has expired. Please request a new one." } },
      "This sign-in link has expired. Please request a new one.",
    ],
    ["'Verification failed' without one", { status: 500, body: {} }, "Verification failed"],
    [
      "'Verification failed. Please try again.' on a network failure",
      new TypeError("Failed to fetch"),
      "Verification failed. Please try again.",
    ],
  ])("shows Verification Failed with %s", async (_name, failure, text) => {
    mockFetch({ "POST /api/auth/verify": failure as FetchAnswer });
    renderVerify("/auth/verify?token=tok123");
    await settle();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Verification Failed");
    expect(screen.getByRole("alert")).toHaveTextContent(new RegExp(`^${text.replace(/[.?]/g, "\\$&")}$`));
    expect(screen.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/login");
  });

  it("Retry verifies again with the token it kept", async () => {
    let first = true;
    const { calls } = mockFetch({
      "POST /api/auth/verify": () => (first ? ((first = false), new TypeError("Failed to fetch")) : signedIn()),
    });
    renderVerify("/auth/verify?token=tok123");
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual({ token: "tok123" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Email Verified!");
  });

  it("never follows a redirect to another site", async () => {
    mockFetch({ "POST /api/auth/verify": signedIn("//evil.example/steal") });
    renderVerify("/auth/verify?token=tok123");
    await settle();
    await settle(VERIFY_REDIRECT_DELAY_MS);
    expect(screen.getByTestId("location").textContent).toBe("/app");
  });
});
