// Placeholder for the Updates screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function UpdatesScreen() {
  return <ScreenHeader title="Updates" subtitle="Stay connected with your timeline activity" />;
}
