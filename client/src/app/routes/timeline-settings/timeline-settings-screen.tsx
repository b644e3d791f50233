// Placeholder for the TimelineSettings screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function TimelineSettingsScreen() {
  return <ScreenHeader title="Timeline Settings" />;
}
