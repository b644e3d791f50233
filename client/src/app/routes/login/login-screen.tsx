// Placeholder for the Login screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function LoginScreen() {
  return (
    <main className="app-column app-main app-main--bare">
      <ScreenHeader
        title="Sign in to Keepsake"
        subtitle="We'll e-mail you a login link. If you don't have an account yet, one is created automatically."
      />
    </main>
  );
}
