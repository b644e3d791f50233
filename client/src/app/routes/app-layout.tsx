import { Outlet } from "react-router-dom";
import { OfflineBanner, SavedForOffline } from "../../components/ui/offline-banner";
import { AuthGate } from "../../features/auth/auth-gate";
import { AppBottomNav } from "../app-bottom-nav";

/** The signed-in layout (docs/product.md §2): auth gate, the screen, then the bottom navigation. */
export function AppLayout() {
  return (
    <AuthGate>
      {(session) => (
        <div className="app-column" data-theme="teal">
          <OfflineBanner bootedOffline={session.offline} />
          <main className="app-main">
            <Outlet />
          </main>
          <SavedForOffline />
          <AppBottomNav />
        </div>
      )}
    </AuthGate>
  );
}
