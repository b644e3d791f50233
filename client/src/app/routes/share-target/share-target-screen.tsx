import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { ButtonLink } from "../../../components/ui/button";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { sharedCount } from "../../../features/memories/add-many/shared-files";
import { useTimelinesQuery } from "../../../gql/graphql";

/**
 * Where photos and videos shared from the phone land (docs/decisions/058-add-many-and-share-target.md):
 * the service worker kept them and sent the person here with `batch=`; they choose the timeline,
 * and Add many opens with the files.
 */
export function ShareTargetScreen() {
  const [params] = useSearchParams();
  const batch = params.get("batch") ?? "";
  const [count, setCount] = useState<number | null>(null);
  const { data, loading } = useTimelinesQuery({ fetchPolicy: "cache-and-network" });

  useEffect(() => {
    let live = true;
    void (batch ? sharedCount(batch) : Promise.resolve(0)).then((n) => live && setCount(n));
    return () => {
      live = false;
    };
  }, [batch]);

  if (count === null || (loading && !data)) return <PageSpinner label="Loading…" />;
  if (count === 0) {
    return (
      <>
        <ScreenHeader title="Nothing to add" subtitle="The shared photos did not arrive. Please share them again." />
        <ButtonLink to="/app/timelines" block>
          Your timelines
        </ButtonLink>
      </>
    );
  }

  const timelines = (data?.timelines.edges ?? []).map((edge) => edge.node).filter((t) => !t.formerMember);
  return (
    <>
      <ScreenHeader
        title="Add to which timeline?"
        subtitle={`${count} ${count === 1 ? "photo or video" : "photos and videos"} shared`}
      />
      <nav aria-label="Timelines" style={{ display: "grid", gap: "var(--space-3)" }}>
        {timelines.length === 0 ? <p>Create a timeline first, then share again.</p> : null}
        {timelines.map((timeline) => (
          <ButtonLink
            key={timeline.id}
            variant="secondary"
            block
            to={`/app/add-many?timeline_id=${encodeURIComponent(timeline.id)}&shared=${encodeURIComponent(batch)}`}
          >
            {timeline.title}
          </ButtonLink>
        ))}
      </nav>
    </>
  );
}
