import { Outlet } from "react-router-dom";
import { AuthGate } from "../../features/auth/auth-gate";

/**
 * Signed-in screens shown without the app's bottom navigation (the public profile, docs/product.md §2).
 * The screen sets its own theme and navigation.
 */
export function BareLayout() {
  return (
    <AuthGate>
      <div className="app-column">
        <Outlet />
      </div>
    </AuthGate>
  );
}
