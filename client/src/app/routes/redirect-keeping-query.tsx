import { Navigate, useLocation } from "react-router-dom";

/** Redirects to `to`, keeping the query string and hash (e.g. the /timeline-access-denied alias). */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
