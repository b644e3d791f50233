import { ACCESS_NOT_FOUND } from "@keepsake/contract";
import { skipToken } from "@apollo/client/react";
import { Navigate, useSearchParams } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/ui/button";
import { AlertIcon } from "../../../components/ui/icons";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { ACCESS_CHECK_FAILED, ACCESS_NO_ID, ACCESS_NOT_FOUND_TITLE } from "../../../features/timelines/lib/messages";
import { useTimelineAccessCheckQuery } from "../../../gql/graphql";
import { useGoBack } from "../../../lib/use-go-back";
import styles from "./timeline-access-denied-screen.module.css";

/** An app path from the server, or null (never leave the app through this button). */
function appPath(url: string | null | undefined): string | null {
  return url && url.startsWith("/") && !url.startsWith("//") ? url : null;
}

/**
 * Spec §2 "Timeline access denied": asks the server's access check; with access, goes straight to
 * the timeline. Without it the server answers exactly as for a missing timeline (no tier, title or
 * person: docs/decisions/032-who-may-learn-whom.md), so the screen says "not found" and nothing more.
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

  const message = !id ? ACCESS_NO_ID : error || !access ? ACCESS_CHECK_FAILED : access.message || ACCESS_NOT_FOUND;
  return (
    <div className={styles.page}>
      <span className={styles.icon}>
        <AlertIcon size={32} />
      </span>
      <ScreenHeader title={ACCESS_NOT_FOUND_TITLE} subtitle={message} />
      <div className={styles.actions}>
        <ButtonLink to="/app/timelines" block>
          Back to Timelines
        </ButtonLink>
        <Button variant="secondary" block onClick={goBack}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
