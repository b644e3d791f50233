import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { PageSpinner } from "../../components/ui/spinner";
import { SessionUserProvider } from "../../lib/session-user";
import { useAuthGate } from "./use-auth-gate";

/** Renders its children for a signed-in user, a spinner while checking, else goes to /login. */
export function AuthGate({ children }: { children: ReactNode }) {
  const gate = useAuthGate();
  if (gate.status === "loading") return <PageSpinner label="Loading…" />;
  if (gate.status === "unauthenticated") return <Navigate to="/login" replace />;
  return <SessionUserProvider user={gate.user}>{children}</SessionUserProvider>;
}
