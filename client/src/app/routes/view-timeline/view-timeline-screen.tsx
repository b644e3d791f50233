// Placeholder for the ViewTimeline screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function ViewTimelineScreen() {
  return <ScreenHeader title="Timeline" />;
}
