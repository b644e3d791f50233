import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import { Privacy, TimelineStatus } from "../../entities/timeline.enums.js";
import type { RequestLoaders } from "../../db/request-loaders.js";
import { Ball, reach, type Expand, type ReachQuestion } from "./reach.js";
import { isUuid } from "../../lib/uuid.js";
import { personInTimeline } from "./person-timelines.js";

/**
 * The ONLY place that decides who may see a timeline, its memories and its media (docs/decisions/003-privacy-tiers.md;
 * the contract other modules use is in the same record).
 *
 * Connection graph: users are nodes; every accepted + active timeline with a collaborator account
 * is an edge creator–collaborator. Degree = shortest path length.
 *
 * | timeline                        | who may see it                                           |
 * |---------------------------------|----------------------------------------------------------|
 * | any, viewer signed out          | nobody                                                   |
 * | any                             | its creator and its collaborator                         |
 * | pending / rejected / inactive   | nobody else                                              |
 * | accepted + active, private      | nobody else                                              |
 * | accepted + active, semi-private | people within 2 degrees of either participant            |
 * | accepted + active, public       | people within 6 degrees of either participant            |
 */
export const TIER_REACH: Record<Privacy, number> = {
  [Privacy.PRIVATE]: 0,
  [Privacy.SEMI_PRIVATE]: 2,
  [Privacy.PUBLIC]: 6,
};

/** The fields of a timeline that visibility depends on. */
export interface TimelineAccessFacts {
  id: string;
  status: TimelineStatus;
  isActive: boolean;
  privacy: Privacy;
  createdById: string;
  collaboratorId: string | null;
}

/** The contract other modules (media) rely on (docs/decisions/003-privacy-tiers.md). */
export interface AccessPolicy {
  /** true when viewer may see the timeline (its row, memories, media). viewerId null → false. */
  canViewTimeline(viewerId: string | null, timelineId: string): Promise<boolean>;
  /** batch form: the subset of ids the viewer may see (used by lists / loaders / media). */
  visibleTimelineIds(viewerId: string | null, timelineIds: string[]): Promise<Set<string>>;
  /** degree (shortest path length, ≤ maxDepth) between two users in the accepted+active graph, or null. */
  degree(a: string, b: string, maxDepth: number): Promise<number | null>;
}

const FACTS_SQL = `SELECT id, status, is_active AS "isActive", privacy, created_by_id AS "createdById",
  collaborator_id AS "collaboratorId" FROM timelines WHERE id = ANY($1::uuid[])`;

/**
 * Which timeline rows are edges of the connection graph (docs/decisions/003-privacy-tiers.md,
 * "The graph"): accepted, active, with a collaborator account. Every reader of the graph (the
 * level-by-level search below, the audience's bounded search in `timelines/audience.reads.ts`) uses this predicate.
 */
export const EDGE_WHERE = `status = 'accepted' AND is_active AND collaborator_id IS NOT NULL`;

/**
 * One BFS level: both directions of every edge touching the frontier, through the two partial
 * indexes `timelines_creator_edge_idx` / `timelines_collaborator_edge_idx`
 * (WHERE status = 'accepted' AND is_active).
 */
const NEIGHBOURS_SQL = `SELECT created_by_id AS a, collaborator_id AS b FROM timelines
  WHERE ${EDGE_WHERE} AND created_by_id = ANY($1::uuid[])
  UNION ALL
  SELECT collaborator_id AS a, created_by_id AS b FROM timelines
  WHERE ${EDGE_WHERE} AND collaborator_id = ANY($1::uuid[])`;

export { isUuid };

export function isParticipant(
  viewerId: string | null,
  t: Pick<TimelineAccessFacts, "createdById" | "collaboratorId">,
): boolean {
  return !!viewerId && (t.createdById === viewerId || t.collaboratorId === viewerId);
}

/** The participants to search from (an invitation to an address without an account has only its creator). */
function participantsOf(t: TimelineAccessFacts): string[] {
  return t.collaboratorId ? [t.createdById, t.collaboratorId] : [t.createdById];
}

const noLoaders = (): RequestLoaders => {
  throw new Error("this AccessService was built without request loaders");
};

export class AccessService implements AccessPolicy {
  /** Graph reads (BFS levels) since start; for tests and diagnostics. */
  expansions = 0;

  /** `makeLoaders`: the request's loaders for a viewer (the composition root passes `web/loaders.ts`). */
  constructor(
    private readonly ds: DataSource,
    private readonly makeLoaders: (viewer: Viewer) => RequestLoaders = noLoaders,
  ) {}

  readonly expand: Expand = async (nodes) => {
    this.expansions += 1;
    const adjacency = new Map<string, string[]>();
    if (nodes.length === 0) return adjacency;
    const rows: { a: string; b: string }[] = await this.ds.query(NEIGHBOURS_SQL, [nodes]);
    for (const { a, b } of rows) {
      const list = adjacency.get(a);
      if (list) list.push(b);
      else adjacency.set(a, [b]);
    }
    return adjacency;
  };

  /** A per-request view of the policy for one viewer; it caches the viewer's ball and answers. */
  viewer(userId: string | null): Viewer {
    return new Viewer(userId, this.ds, this.expand, this.makeLoaders);
  }

  canViewTimeline(viewerId: string | null, timelineId: string): Promise<boolean> {
    return this.viewer(viewerId).canViewTimelineId(timelineId);
  }

  async visibleTimelineIds(viewerId: string | null, timelineIds: string[]): Promise<Set<string>> {
    return this.viewer(viewerId).visibleTimelineIds(timelineIds);
  }

  /**
   * The candidates who may see the timeline (for notification fan-out): one search from the
   * participants' side answers all candidates at once (the graph is undirected).
   */
  async viewersAmong(t: TimelineAccessFacts, candidates: string[]): Promise<string[]> {
    const unique = [...new Set(candidates)];
    const insiders = unique.filter((c) => isParticipant(c, t));
    const others = unique.filter((c) => !isParticipant(c, t));
    const k = TIER_REACH[t.privacy];
    if (t.status !== TimelineStatus.ACCEPTED || !t.isActive || k === 0 || others.length === 0) return insiders;
    const found = await reach(
      new Ball(participantsOf(t)),
      this.expand,
      others.map((c) => ({ seeds: [c], maxDepth: k })),
    );
    return [...insiders, ...others.filter((_, i) => found[i] !== null)];
  }

  /** Direct connections (degree 1) of the given users, excluding them. */
  async connectionsOf(userIds: string[]): Promise<string[]> {
    const adjacency = await this.expand(userIds);
    const out = new Set<string>();
    for (const list of adjacency.values()) for (const n of list) out.add(n);
    for (const u of userIds) out.delete(u);
    return [...out];
  }

  async degree(a: string, b: string, maxDepth: number): Promise<number | null> {
    const [d] = await reach(new Ball(a), this.expand, [{ seeds: [b], maxDepth }]);
    return d ?? null;
  }
}

/** Who asks: a request's Viewer, or the id of the signed-in person a service acts for. */
export type Asker = Pick<Viewer, "userId">;

/**
 * Visibility for one viewer during one request (GraphQL operation or REST call). Never shared
 * between requests or people (docs/performance-goals.md A2, DataLoader per request).
 */
export class Viewer {
  private ball: Ball | null;
  /** Serialises BFS growth: field resolvers ask concurrently. */
  private lock: Promise<unknown> = Promise.resolve();
  /** seed-set key → known exact distance (number), or "farther than" bound. */
  private readonly distances = new Map<string, { dist: number | null; checkedUpTo: number }>();
  private partners: Promise<Set<string>> | null = null;
  private readonly revealedEmails = new Set<string>();
  /** Whether the viewer shares an accepted timeline with a person, where a read of timelines found out. */
  private readonly partnerFacts = new Map<string, boolean>();
  private rows: RequestLoaders | null = null;
  private readonly factsLoader: DataLoader<string, TimelineAccessFacts | null>;
  private readonly canViewLoader: DataLoader<string, boolean>;

  constructor(
    readonly userId: string | null,
    private readonly ds: DataSource,
    private readonly expand: Expand,
    private readonly makeLoaders: (viewer: Viewer) => RequestLoaders,
  ) {
    this.ball = userId ? new Ball(userId) : null;
    this.factsLoader = new DataLoader(async (ids) => {
      const valid = ids.filter(isUuid);
      const rows: TimelineAccessFacts[] = valid.length ? await ds.query(FACTS_SQL, [valid]) : [];
      const map = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => map.get(id) ?? null);
    });
    this.canViewLoader = new DataLoader(async (ids) => {
      const facts = await this.factsLoader.loadMany(ids);
      const failed = facts.find((f) => f instanceof Error);
      if (failed) throw failed; // a failed read is an error, never "not visible"
      return this.visibleMask(facts as (TimelineAccessFacts | null)[]);
    });
  }

  /**
   * The request's loaders for this viewer, its one cache of rows (docs/decisions/038-one-request-cache.md):
   * the row readers prime them, the presenters load through them.
   */
  get loaders(): RequestLoaders {
    return (this.rows ??= this.makeLoaders(this));
  }

  /**
   * After a write: the rows read so far are forgotten, and whatever is presented next is loaded
   * anew, so a write's result never shows a row as it was before the write. The policy's facts
   * (distances, timeline facts) stay: a write that changes them answers with its own rows.
   */
  forgetRows(): void {
    this.rows = null;
    this.partnerFacts.clear();
  }

  get signedIn(): boolean {
    return this.userId !== null;
  }

  /** Shortest distances (≤ each maxDepth) from the viewer to the nearest of each seed set. */
  async reachDistances(questions: ReachQuestion[]): Promise<(number | null)[]> {
    const ball = this.ball;
    if (!ball) return questions.map(() => null);
    const keyOf = (q: ReachQuestion) => [...q.seeds].sort().join(",");
    const answers: (number | null | undefined)[] = questions.map((q) => {
      const known = this.distances.get(keyOf(q));
      if (!known) return undefined;
      if (known.dist !== null) return known.dist <= q.maxDepth ? known.dist : null;
      return known.checkedUpTo >= q.maxDepth ? null : undefined;
    });
    const open = questions.map((q, i) => ({ q, i })).filter(({ i }) => answers[i] === undefined);
    if (open.length) {
      const run = this.lock.then(() =>
        reach(
          ball,
          this.expand,
          open.map((o) => o.q),
        ),
      );
      this.lock = run.catch(() => undefined);
      const found = await run;
      open.forEach(({ q, i }, j) => {
        const d = found[j] ?? null;
        answers[i] = d;
        const key = keyOf(q);
        const prev = this.distances.get(key);
        if (d !== null) this.distances.set(key, { dist: d, checkedUpTo: q.maxDepth });
        else if (!prev || (prev.dist === null && prev.checkedUpTo < q.maxDepth)) {
          this.distances.set(key, { dist: null, checkedUpTo: q.maxDepth });
        }
      });
    }
    return answers as (number | null)[];
  }

  /** For each timeline (null = missing): may the viewer see it? One batched search for all. */
  async visibleMask(timelines: (TimelineAccessFacts | null)[]): Promise<boolean[]> {
    const result = timelines.map(() => false);
    if (!this.userId) return result;
    const questions: ReachQuestion[] = [];
    const slots: number[] = [];
    timelines.forEach((t, i) => {
      if (!t) return;
      if (isParticipant(this.userId, t)) return void (result[i] = true);
      if (t.status !== TimelineStatus.ACCEPTED || !t.isActive) return;
      const k = TIER_REACH[t.privacy];
      if (k === 0) return;
      questions.push({ seeds: participantsOf(t), maxDepth: k });
      slots.push(i);
    });
    if (questions.length) {
      const found = await this.reachDistances(questions);
      found.forEach((d, j) => {
        result[slots[j]!] = d !== null;
      });
    }
    return result;
  }

  async canView(t: TimelineAccessFacts | null): Promise<boolean> {
    if (!t) return false;
    const [v] = await this.visibleMask([t]);
    return v ?? false;
  }

  /** The subset of timelines the viewer may see, in order. */
  async filterVisible<T extends TimelineAccessFacts>(timelines: T[]): Promise<T[]> {
    const mask = await this.visibleMask(timelines);
    return timelines.filter((_, i) => mask[i]);
  }

  /** By id; batched with every other check of the same tick. Missing or malformed id → false. */
  canViewTimelineId(timelineId: string): Promise<boolean> {
    if (!this.userId || !isUuid(timelineId)) return Promise.resolve(false);
    return this.canViewLoader.load(timelineId);
  }

  async visibleTimelineIds(timelineIds: string[]): Promise<Set<string>> {
    const ids = [...new Set(timelineIds.filter(isUuid))];
    if (!this.userId || ids.length === 0) return new Set();
    const visible = await this.canViewLoader.loadMany(ids);
    const failed = visible.find((v) => v instanceof Error);
    if (failed) throw failed;
    return new Set(ids.filter((_, i) => visible[i] === true));
  }

  /**
   * Remembers the facts of timeline rows the read layer has just loaded, so later checks of the
   * same timelines in this request (relation loaders, counts) cost no statement.
   */
  primeFacts(rows: readonly TimelineAccessFacts[]): void {
    for (const r of rows) {
      const { id, status, isActive, privacy, createdById, collaboratorId } = r;
      this.factsLoader.prime(id, { id, status, isActive, privacy, createdById, collaboratorId });
    }
  }

  /** The access facts of a timeline by id (cached for the request), or null. */
  facts(timelineId: string): Promise<TimelineAccessFacts | null> {
    if (!isUuid(timelineId)) return Promise.resolve(null);
    return this.factsLoader.load(timelineId);
  }

  /** People who share an accepted timeline with the viewer (docs/decisions/003-privacy-tiers.md e-mail rule). */
  sharedPartners(): Promise<Set<string>> {
    if (!this.userId) return Promise.resolve(new Set());
    this.partners ??= this.ds
      .query(
        `SELECT DISTINCT CASE WHEN created_by_id = $1 THEN collaborator_id ELSE created_by_id END AS id
         FROM timelines WHERE status = 'accepted' AND collaborator_id IS NOT NULL
         AND ${personInTimeline("timelines", "$1")}`,
        [this.userId],
      )
      .then((rows: { id: string }[]) => new Set(rows.map((r) => r.id)));
    return this.partners;
  }

  /** Whether the viewer shares an accepted timeline with this person, as a read of timelines found out. */
  notePartner(userId: string, isPartner: boolean): void {
    this.partnerFacts.set(userId, isPartner);
  }

  /** Marks a user as looked up by their exact e-mail address in this request. */
  revealEmailOf(userId: string): void {
    this.revealedEmails.add(userId);
  }

  /**
   * docs/decisions/003-privacy-tiers.md: a person's e-mail is shown to themself, to people who share a timeline with them
   * (accepted), and to whoever looked them up by that exact address.
   */
  async mayRevealEmail(userId: string): Promise<boolean> {
    if (!this.userId) return false;
    if (userId === this.userId || this.revealedEmails.has(userId)) return true;
    const known = this.partnerFacts.get(userId); // answered by a read of timelines in this request
    if (known !== undefined) return known;
    return (await this.sharedPartners()).has(userId);
  }
}
