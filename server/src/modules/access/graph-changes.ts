import type { DataSource } from "typeorm";

/** One row of `access_graph_changes`: the net change of a pair's edge rows at one version. */
export interface GraphChange {
  version: bigint;
  a: string;
  b: string;
  delta: number;
}

/** What the log says since a version: the current version and the changes up to it. */
export interface GraphChangesSince {
  head: bigint;
  changes: GraphChange[];
  /** false when more changes follow than were read (the caller rebuilds instead) */
  complete: boolean;
}

/**
 * The version and the changes after `since` in one statement, so both come from the same view:
 * every change up to `head` is visible (migration `AccessGraphChanges`: versions are handed out
 * in commit order). Bounded: at most `limit` changes.
 */
const SINCE_SQL = `SELECT g.version::text AS head, c.version::text AS version, c.a::text AS a, c.b::text AS b, c.delta
  FROM access_graph_version g
  LEFT JOIN LATERAL (SELECT version, a, b, delta FROM access_graph_changes WHERE version > $1::bigint
    ORDER BY version LIMIT $2) c ON TRUE
  WHERE g.id = 1`;

export async function graphChangesSince(ds: DataSource, since: bigint, limit: number): Promise<GraphChangesSince> {
  const rows: { head: string; version: string | null; a: string; b: string; delta: number }[] = await ds.query(
    SINCE_SQL,
    [since.toString(), limit + 1],
  );
  const head = BigInt(rows[0]?.head ?? "0");
  const changes: GraphChange[] = [];
  for (const r of rows)
    if (r.version !== null) changes.push({ version: BigInt(r.version), a: r.a, b: r.b, delta: Number(r.delta) });
  const complete = changes.length <= limit;
  return { head, changes: complete ? changes : changes.slice(0, limit), complete };
}

/** How long change rows are kept: a process whose snapshot is older rebuilds it. */
export const GRAPH_CHANGES_KEEP_HOURS = 36;

/** Deletes change rows older than `keepHours` (the 6-hourly prune job); answers how many. */
export async function pruneGraphChanges(ds: DataSource, keepHours = GRAPH_CHANGES_KEEP_HOURS): Promise<number> {
  const [, count]: [unknown, number] = await ds.query(
    `DELETE FROM access_graph_changes WHERE created_at < now() - make_interval(hours => $1)`,
    [keepHours],
  );
  return count;
}
