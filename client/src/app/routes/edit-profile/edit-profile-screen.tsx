// Placeholder for the EditProfile screen (spec §2); replaced by its own issue.
import { ScreenHeader } from "../../../components/ui/screen-header";

export function EditProfileScreen() {
  return <ScreenHeader title="Edit Profile" />;
}
