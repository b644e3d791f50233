import { useNotificationsQuery } from "../../../gql/graphql";
import { usePages } from "../../../lib/use-pages";

/** Notifications in pages of 50, newest first; "Load more" reads the next 50 (docs/decisions/024-paged-reads.md). */
export function useNotificationPages() {
  const query = useNotificationsQuery({ fetchPolicy: "cache-and-network", nextFetchPolicy: "cache-first" });
  const pages = usePages(query.data?.notifications, (after) => query.fetchMore({ variables: { after } }));
  return { ...pages, data: query.data, error: query.error, refetch: query.refetch };
}
