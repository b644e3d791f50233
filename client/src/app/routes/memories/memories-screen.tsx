// Placeholder for the Memories screen (spec §2); replaced by its own issue.
import { useSearchParams } from "react-router-dom";
import { FloatingPlusButton } from "../../../components/ui/floating-plus-button";
import { ScreenHeader } from "../../../components/ui/screen-header";

export function MemoriesScreen() {
  const [params] = useSearchParams();
  const otherProfile = Boolean(params.get("email"));
  return (
    <>
      <ScreenHeader
        title={otherProfile ? "Profile Memories" : "Your Memories"}
        subtitle={otherProfile ? "Memories from this profile" : "A journal of meaningful moments"}
      />
      <FloatingPlusButton />
    </>
  );
}
