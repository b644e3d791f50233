import type { ReactNode } from "react";
import { useLoaderData } from "react-router-dom";
import { SessionUserProvider } from "../../lib/session-user";
import type { SignedInSession } from "./session-loader";

/**
 * Renders its children for the signed-in user. The check itself is the route's loader
 * (./session-loader.ts): by the time this renders, the person is signed in (or the app booted
 * offline with the last account); a signed-out visitor was already sent to /login.
 */
export function AuthGate({ children }: { children: (session: SignedInSession) => ReactNode }) {
  const session = useLoaderData() as SignedInSession;
  return <SessionUserProvider user={session.user}>{children(session)}</SessionUserProvider>;
}
