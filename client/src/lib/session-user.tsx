import { createContext, useContext, type ReactNode } from "react";
import type { SessionUser } from "./session";

/**
 * The signed-in user as reported by the session check. `null` when the gate let the user in
 * without one (docs/product.md §8: "Database not available").
 */
const SessionUserContext = createContext<SessionUser | null | undefined>(undefined);

export function SessionUserProvider({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
}

/** The session user; only usable below the auth gate (the /app layouts). */
export function useSessionUser(): SessionUser | null {
  const user = useContext(SessionUserContext);
  if (user === undefined) throw new Error("useSessionUser must be used inside the signed-in layout");
  return user;
}
