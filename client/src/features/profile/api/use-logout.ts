import { useApolloClient } from "@apollo/client/react";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { clearOfflineData } from "../../../lib/offline-store";
import { apiRequest } from "../../../lib/rest-client";
import { forgetThisDevice } from "../../../lib/web-push";
import { showAppBadge } from "../../../lib/app-badge";

/**
 * Logout (docs/product.md §7, §8): POST /api/auth/logout, then remove everything kept on the device
 * (the saved cache, the cached media: docs/decisions/020-offline-and-feedback.md), clear the Apollo
 * store and go to /login. A failed logout (offline too) also goes to /login. `everywhere`: every
 * session of the person ends, in every browser and app (POST /api/auth/logout-everywhere).
 */
export function useLogout({ everywhere = false }: { everywhere?: boolean } = {}) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const logout = useCallback(async () => {
    setBusy(true);
    try {
      await apiRequest(everywhere ? "/auth/logout-everywhere" : "/auth/logout", { method: "POST" });
    } catch {
      // Spec §8: a logout failure goes to /login as well.
    }
    await clearOfflineData();
    await forgetThisDevice();
    showAppBadge(0);
    await client.clearStore().catch(() => undefined);
    await navigate("/login", { replace: true });
  }, [client, everywhere, navigate]);

  return [logout, busy] as const;
}
