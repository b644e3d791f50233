import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../../lib/rest-client";
import {
  confirmLoginToken,
  safeRedirect,
  serverError,
  verifyLoginToken,
  type SignedInAnswer,
  type VerifyAnswer,
} from "../../../features/auth/api/auth-api";

export const NO_TOKEN = "No verification token found";

export type VerifyPhase =
  | { kind: "verifying" }
  | { kind: "confirm"; maskedEmail: string; signedInAs: string | null; busy: boolean }
  | { kind: "success"; redirectTo: string }
  | { kind: "error"; message: string };

/** Spec §8: the server's error, else "Verification failed"; a network failure has its own text. */
function failure(error: unknown): VerifyPhase {
  if (!(error instanceof ApiError)) return { kind: "error", message: "Verification failed. Please try again." };
  return { kind: "error", message: serverError(error) ?? "Verification failed" };
}

function signedIn(answer: SignedInAnswer): VerifyPhase {
  return { kind: "success", redirectTo: safeRedirect(answer.redirectTo) };
}

/** Removes the token (and recoveryToken) from the address bar, keeping the router's history state. */
function stripTokenFromAddressBar(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("token") && !url.searchParams.has("recoveryToken")) return;
  url.searchParams.delete("token");
  url.searchParams.delete("recoveryToken");
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The verify flow (docs/product.md §4, docs/decisions/002-sign-in-safety.md): the token is read once into memory and taken out of the
 * address bar; one POST asks the server, which signs in at once only in the browser that asked
 * for the link and otherwise answers "confirm" (then `confirm()` is the person's click).
 * Exactly one request per attempt, also under React's StrictMode double effects.
 */
export function useSignInLink(initialToken: string | null) {
  const [token] = useState(initialToken);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<VerifyPhase>(token ? { kind: "verifying" } : { kind: "error", message: NO_TOKEN });
  const request = useRef<{ attempt: number; promise: Promise<VerifyAnswer> } | null>(null);

  useEffect(stripTokenFromAddressBar, []);

  useEffect(() => {
    if (!token) return;
    if (request.current?.attempt !== attempt) request.current = { attempt, promise: verifyLoginToken(token) };
    let live = true;
    request.current.promise.then(
      (answer) => {
        if (!live) return;
        setPhase(
          answer.state === "signed_in"
            ? signedIn(answer)
            : { kind: "confirm", maskedEmail: answer.maskedEmail, signedInAs: answer.signedInAs, busy: false },
        );
      },
      (error: unknown) => {
        if (live) setPhase(failure(error));
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  function confirm() {
    if (!token || phase.kind !== "confirm" || phase.busy) return;
    setPhase({ ...phase, busy: true });
    confirmLoginToken(token).then(
      (answer) => setPhase(signedIn(answer)),
      (error: unknown) => setPhase(failure(error)),
    );
  }

  /** Spec: Retry reloads the page. The token is no longer in the URL, so retry from memory. */
  function retry() {
    if (!token) {
      window.location.reload();
      return;
    }
    setPhase({ kind: "verifying" });
    setAttempt((n) => n + 1);
  }

  return { phase, confirm, retry };
}
