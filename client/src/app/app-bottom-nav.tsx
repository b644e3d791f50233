import { useLocation } from "react-router-dom";
import { UnreadBadge } from "../components/ui/badge";
import { BottomNav, type BottomNavItem } from "../components/ui/bottom-nav";
import { MemoriesIcon, ProfileIcon, TimelinesIcon, UpdatesIcon } from "../components/ui/icons";
import { useAppBadge } from "../lib/app-badge";
import { useUnreadCount } from "../features/notifications/api/use-unread-count";

type TabKey = "timelines" | "memories" | "updates" | "profile";

/** Screens that belong to a tab without being its own page. */
const sections: Record<TabKey, { page: string[]; within: string[] }> = {
  timelines: {
    page: ["/app", "/app/timelines"],
    within: [
      "/app/view-timeline",
      "/app/create-timeline",
      "/app/add-memory",
      "/app/edit-memory",
      "/app/timeline-settings",
      "/app/timeline-access-denied",
    ],
  },
  memories: { page: ["/app/memories"], within: [] },
  updates: { page: ["/app/updates"], within: [] },
  profile: { page: ["/app/profile"], within: ["/app/edit-profile"] },
};

export function currentFor(tab: TabKey, pathname: string): BottomNavItem["current"] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (sections[tab].page.includes(path)) return "page";
  if (sections[tab].within.includes(path)) return "section";
  return false;
}

/** The signed-in app's bottom navigation: Timelines, Memories, Updates (unread badge), Profile. */
export function AppBottomNav() {
  const { pathname } = useLocation();
  const unread = useUnreadCount();
  useAppBadge(unread);
  const items: BottomNavItem[] = [
    { key: "timelines", label: "Timelines", to: "/app/timelines", icon: <TimelinesIcon /> },
    { key: "memories", label: "Memories", to: "/app/memories", icon: <MemoriesIcon /> },
    {
      key: "updates",
      label: "Updates",
      to: "/app/updates",
      icon: <UpdatesIcon />,
      badge: <UnreadBadge count={unread} />,
    },
    { key: "profile", label: "Profile", to: "/app/profile", icon: <ProfileIcon /> },
  ].map((item) => ({ ...item, current: currentFor(item.key as TabKey, pathname) }));
  return <BottomNav label="Main" items={items} />;
}
