import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/**
 * Goes back one step in the app's history; when this screen was the first one opened (a link
 * from an e-mail, a reload), goes to `fallback` instead of leaving the app.
 */
export function useGoBack(fallback = "/app/timelines"): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const isFirstEntry = location.key === "default";
  return useCallback(() => {
    if (isFirstEntry) void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [navigate, isFirstEntry, fallback]);
}

/** Renders nothing and goes back at once (docs/product.md §8: Edit Memory with a missing id or record). */
export function GoBack({ fallback }: { fallback?: string }) {
  const goBack = useGoBack(fallback);
  useEffect(() => {
    goBack();
  }, [goBack]);
  return null;
}
