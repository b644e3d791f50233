import type { ApolloClient } from "@apollo/client";
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import {
  accountIdOf,
  rememberAccount,
  rememberedAccount,
  restoreCache,
  startPersisting,
} from "../../lib/offline-store";
import { ApiError } from "../../lib/rest-client";
import { checkSession, type SessionUser } from "../../lib/session";
import { yieldToBrowser } from "../../lib/yield-to-browser";
import { stateFromSession, stateFromSessionError, type AuthGateState } from "./session-rules";

/** What the signed-in layouts render with: the session user, and whether the app booted offline. */
export interface SignedInSession {
  status: "authenticated";
  user: SessionUser | null;
  /** The server could not be reached: the data shown is what this device kept (read-only). */
  offline: boolean;
}

/** fetch rejects with a TypeError when the network (or the server) cannot be reached at all. */
function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && error instanceof TypeError;
}

/**
 * The sign-in gate of the /app layouts (docs/product.md §4), as a route loader: the session check
 * starts at navigation, together with the first screen's data (its own loader) and code, never
 * after them (docs/decisions/020-offline-and-feedback.md). Unauthenticated goes to /login.
 *
 * With `client` (the app, not the tests): a signed-in account's cache is kept on the device, and
 * when the network is down the last account's kept cache is restored and the person goes on,
 * read-only, instead of being sent to /login.
 */
export function createSessionLoader(client?: ApolloClient) {
  return async ({ request }: LoaderFunctionArgs): Promise<SignedInSession> => {
    let state: AuthGateState;
    try {
      state = stateFromSession(await checkSession(request.signal));
      const userId = accountIdOf(state.status === "authenticated" ? state.user : null);
      if (client && userId && state.status === "authenticated" && state.user) {
        // in a task of its own: the first touch of localStorage and IndexedDB is slow, and the
        // loader runs inside the boot's router task (docs/decisions/040-boot-in-short-tasks.md)
        const user = state.user;
        yieldToBrowser()
          .then(() => rememberAccount(user))
          .then(() => startPersisting(client.cache, userId))
          .catch(() => undefined);
      }
    } catch (error) {
      if (client && isNetworkFailure(error)) {
        const account = await rememberedAccount();
        if (account) {
          await restoreCache(client.cache, account.userId);
          return { status: "authenticated", user: account.user, offline: true };
        }
      }
      state = stateFromSessionError(error);
    }
    if (state.status !== "authenticated") throw redirect("/login");
    return { status: "authenticated", user: state.user, offline: false };
  };
}
