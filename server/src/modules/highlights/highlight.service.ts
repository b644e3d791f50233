import type { DataSource } from "typeorm";
import { badInput, unauthenticated } from "../../lib/errors.js";
import type { Memory } from "../../entities/memory.entity.js";
import type { User } from "../../entities/user.entity.js";
import type { Viewer } from "../access/access.service.js";
import { MemoryReads } from "../memories/memory.reads.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import { HighlightReads } from "./highlight.reads.js";
import { HIGHLIGHTS_MAX, HIGHLIGHTS_MESSAGES } from "./highlight.rules.js";

/** Postgres: a foreign key no longer holds (the memory was deleted meanwhile). */
const FOREIGN_KEY_VIOLATION = "23503";

/** The memories a person features on their profile (docs/decisions/053-highlights.md). */
export class HighlightService {
  private readonly reads: HighlightReads;

  constructor(private readonly ds: DataSource) {
    this.reads = new HighlightReads(ds, new MemoryReads(ds, new TimelineReads(ds)));
  }

  /** A person's highlights as the viewer may see them; none for nobody found. */
  async of(viewer: Viewer, person: Pick<User, "id"> | null): Promise<Memory[]> {
    if (!viewer.signedIn || !person) return [];
    return this.reads.ofPerson(viewer, person.id);
  }

  /**
   * Replaces the viewer's highlights with these memories, in this order: at most
   * HIGHLIGHTS_MAX, each once, each from one of the viewer's own timelines; anything else is a 400
   * that changes nothing. An empty list removes them all. Returns them as the viewer sees them.
   */
  async set(viewer: Viewer, memoryIds: unknown): Promise<Memory[]> {
    const userId = viewer.userId;
    if (!userId) throw unauthenticated();
    if (!Array.isArray(memoryIds) || memoryIds.some((id) => typeof id !== "string"))
      throw badInput(HIGHLIGHTS_MESSAGES.notAList);
    const ids = memoryIds as string[];
    if (ids.length > HIGHLIGHTS_MAX) throw badInput(HIGHLIGHTS_MESSAGES.tooMany);
    if (new Set(ids).size !== ids.length) throw badInput(HIGHLIGHTS_MESSAGES.duplicate);
    const own = await this.reads.ownMemoryIds(viewer, ids);
    if (ids.some((id) => !own.has(id))) throw badInput(HIGHLIGHTS_MESSAGES.notYours);
    try {
      await this.ds.transaction(async (m) => {
        // one choice at a time per person: two at once would both delete, then both insert
        await m.query(`SELECT pg_advisory_xact_lock(hashtext('highlights:' || $1))`, [userId]);
        await m.query(`DELETE FROM highlights WHERE user_id = $1`, [userId]);
        if (ids.length)
          await m.query(
            `INSERT INTO highlights (user_id, memory_id, position)
             SELECT $1, x.id, x.n FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, n)`,
            [userId, ids],
          );
      });
    } catch (err) {
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw badInput(HIGHLIGHTS_MESSAGES.notYours);
      throw err;
    }
    return this.reads.ofPerson(viewer, userId);
  }
}
