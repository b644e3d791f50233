// Placeholder for the Profile screen (spec §2); replaced by its own issue.
import { FloatingPlusButton } from "../../../components/ui/floating-plus-button";
import { ScreenHeader } from "../../../components/ui/screen-header";

export function ProfileScreen() {
  return (
    <>
      <ScreenHeader title="Profile" />
      <FloatingPlusButton />
    </>
  );
}
