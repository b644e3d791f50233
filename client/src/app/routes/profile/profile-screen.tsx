import { Button, ButtonLink } from "../../../components/ui/button";
import { FloatingPlusButton } from "../../../components/ui/floating-plus-button";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { Spinner } from "../../../components/ui/spinner";
import { AccountActions } from "../../../features/account/components/account-actions";
import { ConnectionWeb, WEB_NODES } from "../../../features/connections/components/connection-web";
import { useLogout } from "../../../features/profile/api/use-logout";
import { ProfileCard, type ProfileCardPerson } from "../../../features/profile/components/profile-card";
import { ProfileTabs } from "../../../features/profile/components/profile-tabs";
import { useMyProfileQuery } from "../../../gql/graphql";
import { useSessionUser } from "../../../lib/session-user";
import { ProfileHighlights } from "./profile-highlights";
import styles from "./profile-screen.module.css";

/**
 * Profile (docs/product.md §2): the signed-in user, edit and logout (here, or in every browser and
 * app at once), then "Profile Web" and "Highlights".
 */
export function ProfileScreen() {
  const sessionUser = useSessionUser();
  const { data, loading } = useMyProfileQuery({ fetchPolicy: "cache-and-network", nextFetchPolicy: "cache-first" });
  const [logout, loggingOut] = useLogout();
  const [logoutEverywhere, leavingEverywhere] = useLogout({ everywhere: true });

  const me = data?.me;
  // If the profile cannot be loaded, the session check's user still says who this is.
  const person: ProfileCardPerson | null = me
    ? me
    : sessionUser && !loading
      ? {
          id: sessionUser._id ?? sessionUser.id,
          displayName: sessionUser.display_name ?? sessionUser.full_name ?? "",
          username: sessionUser.username ?? sessionUser.email?.split("@")[0] ?? "",
          email: sessionUser.email,
          bio: sessionUser.bio,
          profilePhotoUrl: null,
        }
      : null;

  return (
    <>
      <ScreenHeader title="Profile" />
      {person ? (
        <ProfileCard person={person} showEmail>
          <ButtonLink to="/app/edit-profile" variant="secondary" className={styles.action}>
            Edit Profile
          </ButtonLink>
          <ButtonLink to="/app/notifications" variant="secondary" className={styles.action}>
            Notifications
          </ButtonLink>
          <Button
            variant="ghost"
            className={styles.action}
            onClick={() => void logout()}
            busy={loggingOut}
            busyLabel="Logging out..."
          >
            Log out
          </Button>
          <Button
            variant="ghost"
            className={styles.action}
            onClick={() => void logoutEverywhere()}
            busy={leavingEverywhere}
            busyLabel="Logging out everywhere..."
          >
            Log out everywhere
          </Button>
        </ProfileCard>
      ) : (
        <div className={styles.loading}>
          <Spinner label="Loading profile..." showLabel />
        </div>
      )}
      <ProfileTabs
        web={
          <ConnectionWeb
            identifier={null}
            centre={{
              id: person?.id,
              name: person?.displayName || person?.username || "You",
              email: person?.email,
              photoUrl: person?.profilePhotoUrl,
            }}
          />
        }
        highlights={<ProfileHighlights />}
      />
      {person ? <AccountActions /> : null}
      <FloatingPlusButton avoid={WEB_NODES} />
    </>
  );
}
