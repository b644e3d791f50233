import { BackLink } from "../../../components/ui/back-link";
import { LoadProblem } from "../../../components/ui/load-problem";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { NotificationSettingsForm } from "../../../features/presence/components/notification-settings-form";
import { useNotificationSettingsQuery } from "../../../gql/graphql";

/** Profile → Notifications (docs/decisions/035-presence.md). */
export function NotificationSettingsScreen() {
  const { data, loading, refetch } = useNotificationSettingsQuery({ fetchPolicy: "cache-and-network" });
  const preferences = data?.notificationPreferences;
  return (
    <>
      <BackLink to="/app/profile" label="Profile" />
      <ScreenHeader title="Notifications" />
      {preferences ? (
        <NotificationSettingsForm preferences={preferences} timelines={data.timelines.edges.map((e) => e.node)} />
      ) : loading ? (
        <PageSpinner label="Loading settings…" />
      ) : (
        <LoadProblem message="We couldn't load your notification settings." onRetry={() => refetch()} />
      )}
    </>
  );
}
