import type { DataSource } from "typeorm";
import type { Logger } from "../../lib/logger.js";
import { EDGE_WHERE } from "./access.service.js";
import { graphChangesSince } from "./graph-changes.js";
import { GraphSnapshot } from "./graph-snapshot.js";

const VERSION_SQL = `SELECT version::text AS version FROM access_graph_version WHERE id = 1`;
const EDGES_SQL = `SELECT coalesce(string_agg(created_by_id::text || collaborator_id::text, ''), '') AS packed
  FROM timelines WHERE ${EDGE_WHERE}`;

/** At most this many change rows are read in one question; further behind, the snapshot is rebuilt. */
export const MAX_CHANGES_READ = 20_000;

/** The overlay is folded into a fresh base (in the background) past this many changed pairs. */
export function overlayLimit(baseEdges: number): number {
  return Math.max(2_000, Math.floor(baseEdges / 32));
}

/**
 * The current snapshot for this process (docs/decisions/025-audience-preview.md, "Keeping the
 * snapshot current"). Every question reads the version and the change log after the snapshot's
 * version in one statement (`graphChangesSince`; nothing but the version row when nothing
 * changed) and applies the changes to the snapshot's overlay, so an accept in any process is seen
 * by the next question in every process without a rebuild. The snapshot is rebuilt from the
 * database only when the log cannot bring it current (a pruned gap, a TRUNCATE, more than
 * `MAX_CHANGES_READ` behind): then the question waits. When the overlay grows past
 * `overlayLimit`, a rebuild starts in the background and questions are answered from base +
 * overlay meanwhile. `warm` builds the first snapshot at start; a question that arrives before it
 * is built waits for it. Concurrent questions share one rebuild.
 */
export class GraphSnapshots {
  private current: GraphSnapshot | null = null;
  private building: Promise<GraphSnapshot> | null = null;
  /** Rebuilds since start (tests and the bench read it). */
  builds = 0;
  /** Questions brought current by the change log (tests and the bench read it). */
  advances = 0;

  constructor(
    private readonly ds: DataSource,
    private readonly logger?: Logger,
    /** Overrides `overlayLimit` (tests: fold the overlay after any change). */
    private readonly opts: { overlayLimit?: number } = {},
  ) {}

  /** The background rebuild under way, if any (tests wait for it). */
  get rebuilding(): Promise<GraphSnapshot> | null {
    return this.building;
  }

  /** Starts the first build without waiting for it (process start). Never rejects. */
  warm(): Promise<void> {
    return this.rebuild().then(
      () => undefined,
      (err: unknown) =>
        this.logger?.warn({ err }, "graph snapshot warm-up failed; the first audience question builds it"),
    );
  }

  async get(): Promise<GraphSnapshot> {
    const start = this.current ?? (await this.rebuild());
    const { head, changes, complete } = await graphChangesSince(this.ds, start.version, MAX_CHANGES_READ);
    // Another question (or a rebuild) may have moved the snapshot meanwhile: `advance` skips what it has.
    const snapshot = this.current!;
    if (snapshot.version >= head) return snapshot;
    if (complete && snapshot.advance(head, changes)) {
      this.advances += 1;
      if (snapshot.overlaySize > (this.opts.overlayLimit ?? overlayLimit(snapshot.baseEdges)))
        this.rebuildInBackground();
      return snapshot;
    }
    // The log cannot bring it to `head`: wait for a rebuild that read at least `head`.
    let fresh = await this.rebuild();
    if (fresh.version < head) fresh = await this.rebuild();
    return this.current && this.current.version > fresh.version ? this.current : fresh;
  }

  private rebuildInBackground(): void {
    if (this.building) return;
    this.rebuild().catch((err: unknown) => this.logger?.warn({ err }, "graph snapshot rebuild failed"));
  }

  private rebuild(): Promise<GraphSnapshot> {
    this.building ??= this.load().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /**
   * The version and the edges from one consistent view of the database, then the changes made
   * while it was read (the current snapshot may have applied them already), so the new base
   * replaces the old snapshot only when it is at least as current.
   */
  private async load(): Promise<GraphSnapshot> {
    const built = await this.ds.transaction("REPEATABLE READ", async (m) => {
      const rows: { version: string }[] = await m.query(VERSION_SQL);
      const [{ packed }]: { packed: string }[] = await m.query(EDGES_SQL);
      return GraphSnapshot.fromPackedEdges(BigInt(rows[0]?.version ?? "0"), packed);
    });
    this.builds += 1;
    for (let i = 0; i < 3 && this.current && built.version < this.current.version; i++) {
      const { head, changes, complete } = await graphChangesSince(this.ds, built.version, MAX_CHANGES_READ);
      if (!complete || !built.advance(head, changes)) break;
    }
    if (!this.current || built.version >= this.current.version) this.current = built;
    return built;
  }
}
