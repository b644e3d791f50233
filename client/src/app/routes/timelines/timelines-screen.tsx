// Placeholder for the Timelines screen (spec §2); replaced by its own issue.
import { FloatingPlusButton } from "../../../components/ui/floating-plus-button";
import { ScreenHeader } from "../../../components/ui/screen-header";

export function TimelinesScreen() {
  return (
    <>
      <ScreenHeader title="Your Timelines" subtitle="Collaborative memories with those who matter most" />
      <FloatingPlusButton />
    </>
  );
}
