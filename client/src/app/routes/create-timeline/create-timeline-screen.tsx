// Placeholder for the CreateTimeline screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function CreateTimelineScreen() {
  return <ScreenHeader title="Create Timeline" />;
}
