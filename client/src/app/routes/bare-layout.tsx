import { Outlet } from "react-router-dom";
import { OfflineBanner } from "../../components/ui/offline-banner";
import { AuthGate } from "../../features/auth/auth-gate";

/**
 * Signed-in screens shown without the app's bottom navigation (the public profile, docs/product.md §2).
 * The screen sets its own theme and navigation.
 */
export function BareLayout() {
  return (
    <AuthGate>
      {(session) => (
        <div className="app-column">
          <OfflineBanner bootedOffline={session.offline} />
          <Outlet />
        </div>
      )}
    </AuthGate>
  );
}
