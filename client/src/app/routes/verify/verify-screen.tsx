// Placeholder for the Verify screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function VerifyScreen() {
  return (
    <main className="app-column app-main app-main--bare">
      <ScreenHeader title="Verifying your email…" />
    </main>
  );
}
