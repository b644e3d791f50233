import { useEffect, useRef, useState } from "react";
import { useRelationshipsLazyQuery, type RelationshipsQuery } from "../../../gql/graphql";
import { rankConnections } from "../lib/web-layout";

/** Spec §8: 3 attempts in total, the 2nd after 1 s and the 3rd after 2 s more, then empty. */
export const CONNECTION_RETRY_DELAYS_MS = [1000, 2000] as const;
/** Spec §9: the web refreshes every 30 s. */
export const CONNECTIONS_REFRESH_MS = 30_000;

export interface WebPerson {
  id: string;
  username: string;
  name: string;
  photoUrl: string | null;
  memoryCount: number;
  timelineTitle: string;
}

export type ConnectionsState = { status: "loading" } | { status: "ready"; people: WebPerson[] };

type Relationship = RelationshipsQuery["relationships"][number];

function toPerson(relationship: Relationship): WebPerson {
  const user = relationship.otherUser;
  return {
    id: user.id,
    username: user.username,
    name: user.displayName.trim() || user.fullName?.trim() || user.username,
    photoUrl: user.profilePhotoUrl,
    memoryCount: relationship.memoryCount,
    timelineTitle: relationship.timelineTitle,
  };
}

/**
 * The people of a connection web, ranked and cut to 10 (own web when `identifier` is null).
 * Loading tries 3 times (after 1 s and 2 s) and then shows nobody; every 30 s the web refreshes,
 * keeping what it shows if the refresh fails. A new identifier or unmounting cancels the
 * request in flight.
 */
export function useConnections(identifier: string | null): ConnectionsState {
  const [execute] = useRelationshipsLazyQuery({ fetchPolicy: "network-only" });
  const executeRef = useRef(execute);
  useEffect(() => {
    executeRef.current = execute;
  });
  const [loaded, setLoaded] = useState<{ identifier: string | null; people: WebPerson[] } | null>(null);
  const shownRef = useRef<string[]>([]);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    let retryTimer: number | undefined;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        retryTimer = window.setTimeout(resolve, ms);
      });

    async function fetchOnce(): Promise<Relationship[]> {
      const result = await executeRef.current({
        variables: { identifier },
        context: { fetchOptions: { signal: controller.signal } },
      });
      if (result.error || !result.data) throw result.error ?? new Error("No relationships");
      return result.data.relationships;
    }

    /** The relationships, or null when every attempt failed (or the web went away). */
    async function fetchWithRetries(): Promise<Relationship[] | null> {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await fetchOnce();
        } catch {
          const delay = CONNECTION_RETRY_DELAYS_MS[attempt];
          if (!active || delay === undefined) return null;
          await wait(delay);
          if (!active) return null;
        }
      }
    }

    let running = false;
    async function load(first: boolean) {
      if (running) return;
      running = true;
      const relationships = await fetchWithRetries();
      running = false;
      if (!active) return;
      if (relationships) {
        const people = rankConnections(relationships.map(toPerson), shownRef.current);
        shownRef.current = people.map((person) => person.id);
        setLoaded({ identifier, people });
      } else if (first) {
        shownRef.current = [];
        setLoaded({ identifier, people: [] });
      }
    }

    shownRef.current = [];
    void load(true);
    const refresh = window.setInterval(() => void load(false), CONNECTIONS_REFRESH_MS);
    return () => {
      active = false;
      controller.abort();
      window.clearTimeout(retryTimer);
      window.clearInterval(refresh);
    };
  }, [identifier]);

  if (!loaded || loaded.identifier !== identifier) return { status: "loading" };
  return { status: "ready", people: loaded.people };
}
