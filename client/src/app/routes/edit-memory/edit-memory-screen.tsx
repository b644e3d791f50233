// Placeholder for the EditMemory screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function EditMemoryScreen() {
  return <ScreenHeader title="Edit Memory" />;
}
