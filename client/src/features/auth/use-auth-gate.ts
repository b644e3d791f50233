import { useEffect, useState } from "react";
import { checkSession } from "../../lib/session";
import { stateFromSession, stateFromSessionError, type AuthGateState } from "./session-rules";

export type { AuthGateState } from "./session-rules";

/** Spec §4/§9: the session check starts 100 ms after the gate mounts. */
export const SESSION_CHECK_DELAY_MS = 100;

/**
 * The auth gate of the signed-in layout: loading → authenticated | unauthenticated.
 * The caller decides what to render; unauthenticated means "go to /login".
 */
export function useAuthGate(): AuthGateState {
  const [state, setState] = useState<AuthGateState>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checkSession(controller.signal).then(
        (result) => {
          if (!controller.signal.aborted) setState(stateFromSession(result));
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState(stateFromSessionError(error));
        },
      );
    }, SESSION_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  return state;
}
