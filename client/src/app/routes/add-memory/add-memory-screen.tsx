// Placeholder for the AddMemory screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function AddMemoryScreen() {
  return <ScreenHeader title="Add Memory" />;
}
