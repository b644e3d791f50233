// Placeholder for the PublicProfile screen (spec §2); replaced by its own issue.
import { Navigate, useSearchParams } from "react-router-dom";
import { ScreenHeader } from "../../../components/ui/screen-header";

export function PublicProfileScreen() {
  const [params] = useSearchParams();
  const identifier = params.get("username") ?? params.get("email");
  if (!identifier) return <Navigate to="/app/timelines" replace />;
  return (
    <div data-theme="night" className="themed-page">
      <main className="app-main app-main--bare">
        <ScreenHeader title="Profile" subtitle={identifier} />
      </main>
    </div>
  );
}
