import { useRef, useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { Avatar } from "../../../components/ui/avatar";
import { BottomNav, type BottomNavItem } from "../../../components/ui/bottom-nav";
import { EmptyState } from "../../../components/ui/empty-state";
import { FloatingPlusButton } from "../../../components/ui/floating-plus-button";
import { MemoriesIcon, ProfileIcon, TimelinesIcon } from "../../../components/ui/icons";
import { CenteredSpinner, PageSpinner } from "../../../components/ui/spinner";
import { ConnectionWeb, WEB_NODES } from "../../../features/connections/components/connection-web";
import { LoadMore } from "../../../components/ui/load-more";
import { useProfileMemoryPages } from "../../../features/profile/api/use-profile-memories";
import { MemoryJournal } from "../../../features/memories/components/memory-journal";
import { ProfileCard } from "../../../features/profile/components/profile-card";
import { ProfileTabs } from "../../../features/profile/components/profile-tabs";
import { PublicTimelines } from "../../../features/users/components/public-timelines";
import { usePublicProfileUserQuery, type ProfileHeader_UserFragment } from "../../../gql/graphql";
import { useSessionUser } from "../../../lib/session-user";
import { useDocumentTitle } from "../../../lib/use-document-title";
import styles from "./public-profile-screen.module.css";
import { PublicHighlights } from "./public-highlights";
import { PublicTimelineDetail } from "./public-timeline-detail";

type Tab = "timelines" | "memories" | "profile";

/**
 * The public profile (docs/product.md §2, §4): /app/public-profile?username=… (or ?email=… when the value
 * contains @). Dark blue, outside the signed-in layout, with its own three tabs. Without a name
 * it goes to Timelines; so does a failed lookup or nobody found.
 */
export function PublicProfileScreen() {
  const [params] = useSearchParams();
  const identifier = (params.get("username") || params.get("email") || "").trim();
  if (!identifier) return <Navigate to="/app/timelines" replace />;
  // A new query string is a new page: the tab resets to Profile, and unmounting the old one
  // cancels its requests still in flight (Apollo aborts a fetch nobody watches any more).
  return <PublicProfile key={params.toString()} identifier={identifier} />;
}

function PublicProfile({ identifier }: { identifier: string }) {
  const { data, error } = usePublicProfileUserQuery({ variables: { identifier } });
  const user = data?.user;

  if (error || data?.user === null) return <Navigate to="/app/timelines" replace />;
  return (
    <div className={`themed-page ${styles.page}`} data-theme="night">
      {user ? <PublicProfilePage user={user} identifier={identifier} /> : <PageSpinner label="Loading profile..." />}
    </div>
  );
}

function PublicProfilePage({ user, identifier }: { user: ProfileHeader_UserFragment; identifier: string }) {
  const viewer = useSessionUser();
  const [tab, setTab] = useState<Tab>("profile");
  const [openTimelineId, setOpenTimelineId] = useState<string | null>(null);
  const openerRef = useRef<string | null>(null);
  const name = user.displayName.trim() || user.username;
  useDocumentTitle(name);

  function selectTab(next: Tab) {
    // Spec §4: switching tabs closes any open timeline detail.
    setOpenTimelineId(null);
    setTab(next);
  }

  const items: BottomNavItem[] = [
    { key: "timelines", label: "Timelines", icon: <TimelinesIcon />, onSelect: () => selectTab("timelines") },
    { key: "memories", label: "Memories", icon: <MemoriesIcon />, onSelect: () => selectTab("memories") },
    { key: "profile", label: "Profile", icon: <ProfileIcon />, onSelect: () => selectTab("profile") },
  ].map((item) => ({ ...item, current: item.key === tab ? "page" : false }));

  return (
    <>
      <main className={styles.main}>
        {tab === "profile" ? (
          <>
            <ProfileCard person={user} headingLevel={1} />
            <ProfileTabs
              web={
                <ConnectionWeb
                  identifier={identifier}
                  centre={{ id: user.id, name, email: user.email, photoUrl: user.profilePhotoUrl }}
                  viewerId={viewer?.id ?? viewer?._id ?? null}
                />
              }
              highlights={<PublicHighlights identifier={identifier} />}
            />
          </>
        ) : (
          <header className={styles.compact}>
            <Avatar seed={user.id} name={name} email={user.email} src={user.profilePhotoUrl} size={44} decorative />
            <div>
              <h1 className={styles.compactName}>{name}</h1>
              <p className={styles.compactUsername}>@{user.username}</p>
            </div>
          </header>
        )}

        {tab === "timelines" ? (
          openTimelineId ? (
            <PublicTimelineDetail
              timelineId={openTimelineId}
              onBack={() => {
                setOpenTimelineId(null);
                // Back where the person was: focus the card that opened the detail.
                const id = openerRef.current;
                window.requestAnimationFrame(() => {
                  if (id) document.querySelector<HTMLElement>(`[data-timeline-id="${CSS.escape(id)}"]`)?.focus();
                });
              }}
            />
          ) : (
            <PublicTimelines
              identifier={identifier}
              profileUserId={user.id}
              onOpen={(id) => {
                openerRef.current = id;
                setOpenTimelineId(id);
              }}
            />
          )
        ) : null}

        {tab === "memories" ? <PublicMemories identifier={identifier} /> : null}
      </main>
      <FloatingPlusButton
        avoid={WEB_NODES}
        to={viewer ? "/app/profile" : "/app/timelines"}
        label={viewer ? "Your profile" : "Timelines"}
        icon={viewer ? <ProfileIcon size={26} /> : <TimelinesIcon size={26} />}
        needsNetwork={false}
      />
      <BottomNav label="Profile navigation" items={items} />
    </>
  );
}

/** The Memories tab: the person's memories this viewer may see; the viewer opens in blue. */
function PublicMemories({ identifier }: { identifier: string }) {
  const pages = useProfileMemoryPages(identifier);
  const memories = pages.error && !pages.data ? [] : pages.data ? pages.items : undefined;
  if (memories === undefined) {
    return <CenteredSpinner label="Loading memories..." height="panel" />;
  }
  if (memories.length === 0) return <EmptyState icon={<MemoriesIcon size={28} />} title="No memories yet" />;
  return (
    <>
      <MemoryJournal memories={memories} theme="blue" label="Memories" />
      <LoadMore pages={pages} />
    </>
  );
}
