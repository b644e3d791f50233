// Placeholder for the TimelineAccessDenied screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function TimelineAccessDeniedScreen() {
  return <ScreenHeader title="Timeline access" />;
}
