import { ACCESS_NOT_FOUND } from "@keepsake/contract";
import { skipToken } from "@apollo/client/react";
import type { ComponentType } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/ui/button";
import { AlertIcon, GlobeIcon, LockIcon, UsersIcon, type IconProps } from "../../../components/ui/icons";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { ACCESS_CHECK_FAILED, ACCESS_NO_ID, ACCESS_NOT_FOUND_TITLE } from "../../../features/timelines/lib/messages";
import { useTimelineAccessCheckQuery, type Privacy } from "../../../gql/graphql";
import { useGoBack } from "../../../lib/use-go-back";
import styles from "./timeline-access-denied-screen.module.css";

const tiers: Record<Privacy, { title: string; Icon: ComponentType<IconProps> }> = {
  PRIVATE: { title: "Private Timeline", Icon: LockIcon },
  SEMI_PRIVATE: { title: "Semi-Private Timeline", Icon: UsersIcon },
  PUBLIC: { title: "Connections-Only Timeline", Icon: GlobeIcon },
};

/** An app path from the server, or null (never leave the app through this button). */
function appPath(url: string | null | undefined): string | null {
  return url && url.startsWith("/") && !url.startsWith("//") ? url : null;
}

/**
 * Spec §2 "Timeline access denied": asks the server's access check; with access, goes straight to
 * the timeline, otherwise explains by privacy tier.
 */
export function TimelineAccessDeniedScreen() {
  const [params] = useSearchParams();
  const id = params.get("id")?.trim() ?? "";
  const goBack = useGoBack();
  const { data, loading, error } = useTimelineAccessCheckQuery(
    id ? { variables: { id }, fetchPolicy: "network-only" } : skipToken,
  );

  if (id && loading && !data) return <PageSpinner label="Checking access…" />;

  const access = data?.timelineAccess;
  if (access?.canView) {
    const to = appPath(access.actionUrl) ?? `/app/view-timeline?id=${encodeURIComponent(id)}`;
    return <Navigate to={to} replace />;
  }

  const goBackButton = (
    <Button variant="secondary" block onClick={goBack}>
      Go Back
    </Button>
  );

  if (!id || !access || !access.privacy) {
    const message = !id ? ACCESS_NO_ID : error || !access ? ACCESS_CHECK_FAILED : access.message || ACCESS_NOT_FOUND;
    return (
      <div className={styles.page}>
        <span className={`${styles.icon} ${styles.muted}`}>
          <AlertIcon size={32} />
        </span>
        <ScreenHeader title={ACCESS_NOT_FOUND_TITLE} subtitle={message} />
        <div className={styles.actions}>
          <ButtonLink to="/app/timelines" block>
            Back to Timelines
          </ButtonLink>
          {goBackButton}
        </div>
      </div>
    );
  }

  const { title, Icon } = tiers[access.privacy];
  const action = appPath(access.actionUrl);
  const other = access.otherUser;
  const offerUrl =
    access.privacy === "SEMI_PRIVATE" && other?.email
      ? `/app/create-timeline?collaborator=${encodeURIComponent(other.email)}`
      : null;
  // The server's action may already be that offer; show it once.
  const showOffer = offerUrl !== null && action !== offerUrl;

  return (
    <div className={styles.page}>
      <span className={styles.icon}>
        <Icon size={32} />
      </span>
      <ScreenHeader title={title} subtitle={access.title ? `“${access.title}”` : undefined} />
      <p className={styles.message}>{access.message}</p>
      <div className={styles.actions}>
        {action && access.actionText ? (
          <ButtonLink to={action} block>
            {access.actionText}
          </ButtonLink>
        ) : null}
        {showOffer && other ? (
          <ButtonLink to={offerUrl} variant={action ? "secondary" : "primary"} block>
            Create Timeline with {other.name}
          </ButtonLink>
        ) : null}
        {goBackButton}
      </div>
    </div>
  );
}
