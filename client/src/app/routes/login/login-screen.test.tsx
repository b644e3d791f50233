import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { format } from "date-fns";
import { mockFetch } from "../../../testing/mock-fetch";
import { renderScreen } from "../../../testing/render";
import { LoginScreen } from "./login-screen";

const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
};

/** Lets fetch promises and React updates settle (fake timers included). */
async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderLogin() {
  renderScreen(<LoginScreen />, { path: "/login", user: null });
  const field = screen.getByLabelText(/Email address/);
  const submit = () => fireEvent.submit(field.closest("form")!);
  const type = (value: string) => fireEvent.change(field, { target: { value } });
  return { field, submit, type };
}

describe("Login screen", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for an e-mail and says an account is created automatically", () => {
    mockFetch({});
    const { field } = renderLogin();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Sign in to Keepsake");
    expect(screen.getByText(/If you don.t have an account yet, one is created automatically/)).toBeInTheDocument();
    expect(field).toHaveAttribute("type", "email");
    expect(field).toBeRequired();
    expect(screen.getByRole("button", { name: "Send Login Link" })).toBeEnabled();
  });

  it("shows Sending... while busy, then the success message and the code form", async () => {
    vi.useFakeTimers(FAKE);
    let answer!: (v: { body: unknown }) => void;
    const { calls } = mockFetch({ "POST /api/auth/email": new Promise((r) => (answer = r)) });
    const { type, submit } = renderLogin();
    type(" ada@example.com ");
    submit();
    await settle();
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    answer({ body: { success: true, message: "Please check your email for the login link!" } });
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("Please check your email for the login link!");
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/auth/email", body: { email: "ada@example.com" } });
    expect(calls[0]!.init?.credentials).toBe("include");
    expect(screen.getByRole("button", { name: "Send Login Link" })).toBeEnabled();
    expect(screen.getByLabelText(/Sign-in code/)).toHaveAttribute("autocomplete", "one-time-code");
  });

  it("on 429 shows the server message and reset time, counts down 'Wait {n}s to retry', then clears", async () => {
    vi.useFakeTimers(FAKE);
    vi.setSystemTime(new Date("2026-05-01T10:00:00Z"));
    const resetTime = new Date("2026-05-01T10:00:03Z");
    mockFetch({
      "POST /api/auth/email": {
        status: 429,
        headers: { "Retry-After": "3" },
        body: {
          error: "Please wait 3 seconds before requesting another login link.",
          message: "Please wait 3 seconds before requesting another login link.",
          retryAfter: 3,
          resetTime: resetTime.toISOString(),
        },
      },
    });
    const { type, submit } = renderLogin();
    type("ada@example.com");
    submit();
    await settle();

    expect(screen.getByRole("alert")).toHaveTextContent("Please wait 3 seconds before requesting another login link.");
    expect(screen.getByRole("button", { name: "Wait 3s to retry" })).toBeDisabled();
    expect(screen.getByText(format(resetTime, "h:mm a"))).toBeInTheDocument();

    await settle(1000);
    expect(screen.getByRole("button", { name: "Wait 2s to retry" })).toBeDisabled();
    await settle(1000);
    expect(screen.getByRole("button", { name: "Wait 1s to retry" })).toBeDisabled();
    await settle(1000);
    expect(screen.getByRole("button", { name: "Send Login Link" })).toBeEnabled();
    expect(screen.getAllByRole("alert").every((a) => a.textContent === "")).toBe(true);
    expect(screen.queryByText(/request a new link at/)).not.toBeInTheDocument();
  });

  it("on 429 without details says 'Too many requests. Please wait 60 seconds.' and waits 60 s", async () => {
    vi.useFakeTimers(FAKE);
    mockFetch({ "POST /api/auth/email": { status: 429, body: {} } });
    const { type, submit } = renderLogin();
    type("ada@example.com");
    submit();
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Too many requests. Please wait 60 seconds.");
    expect(screen.getByRole("button", { name: "Wait 60s to retry" })).toBeDisabled();
    await settle(59_000);
    expect(screen.getByRole("button", { name: "Wait 1s to retry" })).toBeDisabled();
    await settle(1_000);
    expect(screen.getByRole("button", { name: "Send Login Link" })).toBeEnabled();
  });

  it("takes the wait from the Retry-After header when the body has none", async () => {
    vi.useFakeTimers(FAKE);
    mockFetch({
      "POST /api/auth/email": { status: 429, headers: { "Retry-After": "7" }, body: { error: "Slow down" } },
    });
    const { type, submit } = renderLogin();
    type("ada@example.com");
    submit();
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("Slow down");
    expect(screen.getByRole("button", { name: "Wait 7s to retry" })).toBeDisabled();
  });

  it.each([
    [
      "the server's error",
      { status: 400, body: { error: "Please enter a valid email address" } },
      "Please enter a valid email address",
    ],
    ["a fallback without one", { status: 500, body: {} }, "Failed to send login email"],
    ["a fallback on a network failure", new TypeError("Failed to fetch"), "Failed to send login email"],
  ])("shows %s on other failures", async (_name, answer, text) => {
    vi.useFakeTimers(FAKE);
    mockFetch({ "POST /api/auth/email": answer });
    const { type, submit } = renderLogin();
    type("ada@example.com");
    submit();
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent(text);
    expect(screen.getByRole("button", { name: "Send Login Link" })).toBeEnabled();
  });

  it("signs in with the code from the e-mail and opens the app", async () => {
    vi.useFakeTimers(FAKE);
    const { calls } = mockFetch({
      "POST /api/auth/email": { body: { success: true, message: "ok" } },
      "POST /api/auth/code": ({ body }) =>
        (body as { code: string }).code === "AB3DE9"
          ? {
              body: {
                state: "signed_in",
                success: true,
                redirectTo: "/app",
                alreadySignedIn: false,
                user: { email: "ada@example.com" },
              },
            }
          : { status: 400, body: { error: "Incorrect code. 4 attempts left." } },
    });
    const { type, submit } = renderLogin();
    type("ada@example.com");
    submit();
    await settle();

    const code = screen.getByLabelText(/Sign-in code/);
    fireEvent.change(code, { target: { value: "zzzzzz" } });
    fireEvent.submit(code.closest("form")!);
    await settle();
    expect(screen.getByText("Incorrect code. 4 attempts left.")).toBeInTheDocument();

    fireEvent.change(code, { target: { value: "ab3de9" } });
    fireEvent.submit(code.closest("form")!);
    await settle();
    expect(calls.at(-1)).toMatchObject({ url: "/api/auth/code", body: { email: "ada@example.com", code: "AB3DE9" } });
    expect(screen.getByTestId("location")).toHaveTextContent("/app");
  });
});
