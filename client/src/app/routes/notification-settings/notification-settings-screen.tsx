import { useApolloClient } from "@apollo/client/react";
import { BackLink } from "../../../components/ui/back-link";
import { LoadProblem } from "../../../components/ui/load-problem";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { DigestPreviewButton } from "../../../features/presence/components/digest-preview-button";
import { NotificationSettingsForm } from "../../../features/presence/components/notification-settings-form";
import { subscribeThisDevice, type PushOutcome } from "../../../lib/web-push";
import { useNotificationSettingsQuery } from "../../../gql/graphql";

/** Why push stays off on this device, by the outcome of subscribing it. */
const PUSH_REFUSALS: Record<PushOutcome, string | null> = {
  subscribed: null,
  blocked: "Notifications are blocked for Keepsake in this browser, so push stays off.",
  unsupported: "This browser cannot show notifications from Keepsake (on iPhone: add it to the Home Screen first).",
  failed: "This browser could not reach its push service. Please try again later.",
};

/** Profile → Notifications (docs/decisions/035-presence.md). */
export function NotificationSettingsScreen() {
  const client = useApolloClient();
  const { data, loading, refetch } = useNotificationSettingsQuery({ fetchPolicy: "cache-and-network" });
  const preferences = data?.notificationPreferences;
  return (
    <>
      <BackLink to="/app/profile" label="Profile" />
      <ScreenHeader title="Notifications" />
      {preferences ? (
        <NotificationSettingsForm
          preferences={preferences}
          timelines={data.timelines.edges.map((e) => e.node)}
          beforePushOn={async () => PUSH_REFUSALS[await subscribeThisDevice(client)]}
          digestExtra={<DigestPreviewButton />}
        />
      ) : loading ? (
        <PageSpinner label="Loading settings…" />
      ) : (
        <LoadProblem message="We couldn't load your notification settings." onRetry={() => refetch()} />
      )}
    </>
  );
}
