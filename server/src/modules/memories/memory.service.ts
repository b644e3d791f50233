import { CAPTION_MAX, FUTURE_DATE_MESSAGE, INVALID_DATE_MESSAGE, LOCATION_MAX, MEANING_MAX } from "@keepsake/contract";
import type { DataSource } from "typeorm";
import type { Page, PageRequest } from "../../db/keyset.js";
import type { Clock } from "../../lib/clock.js";
import { badInput, forbidden, notFound } from "../../lib/errors.js";
import { mediaIdIn } from "../../lib/uuid.js";
import { optionalText } from "../../lib/validation.js";
import { isParticipant, type Viewer } from "../access/access.service.js";
import { canEditMemory, canWriteMeaning, CREATOR_WORDS_ONLY } from "./memory.rules.js";
import { MediaReads } from "../media/media.reads.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import { UserReads } from "../users/user.reads.js";
import { MemoryReads } from "./memory.reads.js";
import { lockTimelineAndCountMemories } from "../timelines/timeline-locks.js";
import type { MediaFile } from "../../entities/media-file.entity.js";
import type { NotificationService } from "../notifications/notification.service.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { type Privacy, TimelineStatus } from "../../entities/timeline.enums.js";
import { checkWithinTimeline, parseMemoryPrivacy } from "./memory-privacy.rules.js";
import type { User } from "../../entities/user.entity.js";
import type { MediaPort, UploadArg } from "../media/media-port.js";
import { localTime } from "../presence/preferences.rules.js";
import { Memory } from "../../entities/memory.entity.js";
import type { MemorySort } from "./memory-order.js";
import { parsePartnerMeaning } from "./partner-note.rules.js";
import { MemoryMediaWrites } from "./memory-media-writes.js";
import { MEDIA_NOT_FOUND, MEDIA_REQUIRED, mediaListError, parseMediaIds, sameMedia } from "./memory-media.rules.js";

export { MEMORY_SORTS, memoryOrder, orderMemories, type MemorySort } from "./memory-order.js";

export { CAPTION_MAX, LOCATION_MAX, MEANING_MAX };

/** docs/product.md §8 error catalogue, shared with the client (docs/decisions/030-one-contract.md). */
export const DATE_MESSAGES = { invalid: INVALID_DATE_MESSAGE, future: FUTURE_DATE_MESSAGE } as const;
export { MEDIA_NOT_FOUND, MEDIA_REQUIRED };

export interface MemoryFields {
  caption?: unknown;
  location?: unknown;
  memoryDate?: unknown;
  meaning?: unknown;
}

/** The media of a write: an upload, or an earlier upload by id or by the URL it was answered with (REST). */
export interface MemoryMediaInput {
  file?: UploadArg | null;
  mediaId?: string | null;
  /** a `/media/<id>/…` URL handed out earlier; used when `mediaId` is absent */
  mediaUrl?: unknown;
  /**
   * All the memory's media in order, the first its cover (docs/decisions/051-several-photos-per-memory.md):
   * each the asker's own unattached upload or already on this memory; when given, the fields above are not used
   */
  mediaIds?: unknown;
}

export interface CreateMemoryInput extends MemoryFields, MemoryMediaInput {
  timelineId: string;
  /** the memory's own tier, not wider than the timeline's; null/absent = the timeline's (./memory-privacy.rules.ts) */
  privacy?: unknown;
}

export interface UpdateMemoryInput extends MemoryFields, MemoryMediaInput {
  id: string;
  /** the partner's own note (./partner-note.ts); only the partner may send it */
  partnerMeaning?: unknown;
  /** a new tier for the memory (docs/decisions/052-memory-privacy.md): undefined = unchanged, null = the timeline's */
  privacy?: unknown;
}

/** The id of an earlier upload a write names: `mediaId`, else the id inside a `/media/` URL. */
function mediaIdOf(input: MemoryMediaInput): string | undefined {
  if (input.mediaId) return input.mediaId;
  if (typeof input.mediaUrl === "string" && input.mediaUrl.includes("/media/")) return mediaIdIn(input.mediaUrl);
  return undefined;
}

/**
 * Today's date where it is latest on Earth (UTC+14): a memory dated "today" by anyone, anywhere,
 * is never refused as being in the future; tomorrow everywhere is.
 */
export function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD, a real calendar date, not after today (docs/product.md §5). Empty → null. */
export function parseMemoryDate(value: unknown, now: Date): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badInput(DATE_MESSAGES.invalid);
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    throw badInput(DATE_MESSAGES.invalid);
  }
  if (value > latestToday(now)) throw badInput(DATE_MESSAGES.future);
  return value;
}

function parseFields(input: MemoryFields, now: Date) {
  return {
    caption: optionalText(input.caption, "Caption", CAPTION_MAX),
    location: optionalText(input.location, "Location", LOCATION_MAX),
    meaning: optionalText(input.meaning, "Meaning", MEANING_MAX),
    memoryDate: parseMemoryDate(input.memoryDate, now),
  };
}

/**
 * Up to 3 preview media per timeline (docs/product.md §4: the new file joins the previews while there are
 * fewer than 3), i.e. the first three memories with a thumbnail, kept right after every change.
 * Only memories everyone who sees the timeline sees (none narrower than it,
 * docs/decisions/052-memory-privacy.md), so the covers never show a narrowed memory; refreshed
 * when a memory's or the timeline's tier changes too.
 */
export const REFRESH_PREVIEWS_SQL = `UPDATE timelines SET preview_media_ids = COALESCE((
    SELECT array_agg(x.media_id ORDER BY x.created_at, x.position, x.id) FROM (
      SELECT m.media_id, m.created_at, m.position, m.id FROM memories m JOIN media_files f ON f.id = m.media_id
       WHERE m.timeline_id = $1 AND (f.type = 'image' OR f.variants ? 'thumb')
         AND (m.privacy IS NULL OR m.privacy >= timelines.privacy)
       ORDER BY m.created_at, m.position, m.id LIMIT 3) x), '{}')
  WHERE id = $1`;

export interface MemoryServiceDeps {
  ds: DataSource;
  clock: Clock;
  media: MediaPort;
  notifications: NotificationService;
  /** A memory's tier: one key narrows, two widen (memory-privacy.service.ts, wired in web/services.ts). */
  privacy?: {
    change(viewer: Viewer, memoryId: string, wanted: Privacy | null): Promise<"applied" | "requested">;
  };
}

/** Memories (docs/product.md §3–§6): created and changed by the timeline's two participants only. */
export class MemoryService {
  private readonly ds: DataSource;
  private readonly reads: { memories: MemoryReads; media: MediaReads; timelines: TimelineReads; users: UserReads };
  private readonly items: MemoryMediaWrites;

  constructor(private readonly deps: MemoryServiceDeps) {
    this.ds = deps.ds;
    const timelines = new TimelineReads(deps.ds);
    this.reads = {
      memories: new MemoryReads(deps.ds, timelines),
      media: new MediaReads(deps.ds),
      timelines,
      users: new UserReads(deps.ds),
    };
    this.items = new MemoryMediaWrites(deps.ds, deps.media);
  }

  // ---- reads ---------------------------------------------------------------------------------

  /** "On this day" for the viewer at `now` in `timeZone` (UTC when null): docs/decisions/035-presence.md. */
  onThisDay(viewer: Viewer, timeZone: string | null, now = this.deps.clock.now()): Promise<Memory[]> {
    const [year, month, day] = localTime(now, timeZone).date.split("-").map(Number) as [number, number, number];
    return this.reads.memories.onThisDay(viewer, { year, month, day });
  }

  /** A memory when the viewer may see its timeline; else null. */
  async findVisible(viewer: Viewer, id: string): Promise<Memory | null> {
    return this.reads.memories.visible(viewer, id);
  }

  /** A page of a timeline's memories in the sort (docs/decisions/024-paged-reads.md); NOT_FOUND without access. */
  async pageByTimeline(
    viewer: Viewer,
    timelineId: string | undefined,
    sort: MemorySort,
    req: PageRequest,
  ): Promise<Page<Memory>> {
    if (!timelineId) throw badInput("timeline_id is required");
    const page = await this.reads.memories.pageOfTimeline(viewer, timelineId, sort, req);
    if (!page) throw notFound("Timeline not found");
    return page;
  }

  /**
   * A page of a profile's memories the viewer may see: those of every timeline the person shares
   * (creator or collaborator) that passes the access policy; own memories when profileUser is the
   * viewer. Declined proposals are left out. Newest memory_date first by default.
   */
  async profileMemoriesPage(
    viewer: Viewer,
    profileUser: User | null,
    sort: MemorySort,
    req: PageRequest,
  ): Promise<Page<Memory>> {
    if (!viewer.signedIn || !profileUser) return { items: [], cursors: [], hasNextPage: false };
    return this.reads.memories.pageOfPerson(viewer, profileUser.id, sort, req);
  }

  /** How many memories the profile list holds for this viewer (its `totalCount`). */
  async profileMemoryCount(viewer: Viewer, profileUser: User | null): Promise<number> {
    if (!viewer.signedIn || !profileUser) return 0;
    return this.reads.memories.countOfPerson(viewer, profileUser.id);
  }

  // ---- writes --------------------------------------------------------------------------------

  /** The viewer's own upload, not yet used by anything. */
  private async ownUnattached(viewer: Viewer, mediaId: unknown): Promise<MediaFile> {
    const row = await this.reads.media.ownUnattached(viewer, String(mediaId ?? ""));
    if (!row) throw mediaListError("media_not_found");
    return row;
  }

  /** New media for a memory from `file` (ingested now) or `mediaId` (a video's poster is the server's). */
  private async newMedia(viewer: Viewer, input: { file?: UploadArg | null; mediaId?: string | null }) {
    if (input.file) return { row: await this.deps.media.ingestUpload(viewer, input.file), ingested: true };
    return { row: await this.ownUnattached(viewer, input.mediaId), ingested: false };
  }

  /** The timeline a participant adds to: NOT_FOUND when invisible, FORBIDDEN for anyone else. */
  private async ownTimeline(viewer: Viewer, timelineId: string | undefined): Promise<Timeline> {
    const t = viewer.userId && timelineId ? await this.reads.timelines.visible(viewer, timelineId) : null;
    if (!t) throw notFound("Timeline not found");
    if (!isParticipant(viewer.userId, t)) {
      throw forbidden("Only the two people who share this timeline can add memories");
    }
    return t;
  }

  /**
   * The memory of the timeline whose photo or video has these bytes (the client's SHA-256, so it
   * can skip sending them), or null; only for the timeline's participants
   * (docs/decisions/050-trip-uploads.md).
   */
  async duplicateOf(viewer: Viewer, timelineId: string | undefined, sha256: unknown): Promise<string | null> {
    const t = await this.ownTimeline(viewer, timelineId);
    return this.deps.media.knownBytes(viewer, t.id, sha256);
  }

  /**
   * Adds a memory: participants only; position = existing count + 1 (counted under a row lock on
   * the timeline, so concurrent adds get distinct positions); the timeline's last activity and
   * previews are updated, and the other participant gets `memory_added`. Media whose bytes are
   * already in the timeline is refused: 409 CONFLICT with `duplicate_of`, that memory's id.
   */
  async create(viewer: Viewer, input: CreateMemoryInput): Promise<Memory> {
    const t = await this.ownTimeline(viewer, input.timelineId);
    const userId = viewer.userId!;
    if (t.status === TimelineStatus.REJECTED) throw badInput("This timeline proposal was declined");
    const now = this.deps.clock.now();
    const fields = parseFields(input, now);
    const listed = parseMediaIds(input.mediaIds);
    const mediaId = listed ? undefined : mediaIdOf(input);
    if (!listed && !input.file && !mediaId) throw mediaListError("media_required");
    // a tier of its own at once: adding a memory narrower than its timeline needs no consent
    const privacy = parseMemoryPrivacy(input.privacy) ?? null;
    checkWithinTimeline(privacy, t.privacy);

    let rows: MediaFile[];
    let ingested: MediaFile | null = null;
    if (listed) rows = await this.items.ownUnattached(viewer, listed);
    else {
      const single = await this.newMedia(viewer, { ...input, mediaId });
      rows = [single.row];
      if (single.ingested) ingested = single.row;
    }
    const actor = (await this.reads.users.self(viewer))!;
    try {
      const id = await this.ds.transaction(async (m) => {
        const count = await lockTimelineAndCountMemories(m, t.id);
        await this.items.refuseDuplicates(viewer, t.id, rows, m);
        const memory = m.getRepository(Memory).create({
          timelineId: t.id,
          mediaId: rows[0]!.id,
          position: count + 1,
          caption: fields.caption ?? "",
          location: fields.location ?? "",
          meaning: fields.meaning ?? "",
          memoryDate: fields.memoryDate ?? null,
          privacy,
          createdById: userId,
          createdAt: now,
        });
        await m.getRepository(Memory).insert(memory);
        await this.items.write(
          m,
          memory.id,
          rows.map((r) => r.id),
        );
        await m.getRepository(Timeline).update({ id: t.id }, { lastActivity: now });
        await m.query(REFRESH_PREVIEWS_SQL, [t.id]);
        await this.deps.notifications.memoryAdded(t, actor, m, memory.id);
        return memory.id;
      });
      return (await this.reads.memories.visible(viewer, id))!;
    } catch (err) {
      if (ingested) await this.deps.media.remove([ingested.id]);
      throw err;
    }
  }

  /** The memory for a write: NOT_FOUND when invisible, FORBIDDEN unless its creator or a participant. */
  private async editable(viewer: Viewer, id: string): Promise<{ memory: Memory; timeline: Timeline }> {
    const memory = await this.findVisible(viewer, id);
    if (!memory) throw notFound("Memory not found");
    const timeline = (await this.reads.timelines.visible(viewer, memory.timelineId))!;
    if (!canEditMemory(viewer.userId, memory, timeline)) {
      throw forbidden("Only the two people who share this timeline can change its memories");
    }
    return { memory, timeline };
  }

  /**
   * Text fields and/or the media (the old file is removed after the change is saved). Each voice
   * is its author's (docs/decisions/027-two-voices.md, 037-each-voice-its-authors.md): the
   * creator's `meaning` from the creator only, the partner note from the partner only, and its
   * first words tell the creator; the other person's change to the caption, place, date or media
   * is marked as theirs (`editedById`) and tells the creator too, once a day per memory.
   */
  async update(viewer: Viewer, input: UpdateMemoryInput): Promise<Memory> {
    return (await this.updateAndReport(viewer, input)).memory;
  }

  /**
   * As update; with a `privacy`, the memory's tier is set after the other fields
   * (docs/decisions/052-memory-privacy.md), and `privacy` says whether it applies now or waits for
   * the other participant (REST answers 202 then).
   */
  async updateAndReport(
    viewer: Viewer,
    input: UpdateMemoryInput,
  ): Promise<{ memory: Memory; privacy: "applied" | "requested" | null }> {
    const wanted = parseMemoryPrivacy(input.privacy);
    const updated = await this.updateFields(viewer, input);
    if (wanted === undefined || !this.deps.privacy) return { memory: updated, privacy: null };
    const privacy = await this.deps.privacy.change(viewer, updated.id, wanted);
    return { memory: (await this.reads.memories.visible(viewer, updated.id))!, privacy };
  }

  private async updateFields(viewer: Viewer, input: UpdateMemoryInput): Promise<Memory> {
    const { memory, timeline } = await this.editable(viewer, input.id);
    const partnerMeaning = parsePartnerMeaning(input.partnerMeaning, viewer.userId, memory, timeline);
    const now = this.deps.clock.now();
    const fields = parseFields(input, now);
    const own = canWriteMeaning(viewer.userId, memory);
    // the creator's words sent back unchanged (a whole form saved) are no change
    if (!own && fields.meaning !== undefined && fields.meaning !== memory.meaning) {
      throw forbidden(CREATOR_WORDS_ONLY);
    }
    // the media in order: a new list, or a new cover in place of the old one; the current media
    // sent again unchanged is no change
    const listed = parseMediaIds(input.mediaIds);
    const current = await this.items.reads.idsOf(viewer, memory.id);
    const named = listed ? undefined : mediaIdOf(input);
    const mediaId = named && named !== memory.mediaId ? named : undefined;
    const changedList = listed && !sameMedia(listed, current) ? listed : undefined;
    const replacing = !!(changedList || (!listed && (input.file || mediaId)));
    const patch: Partial<Memory> = {};
    if (fields.caption !== undefined && fields.caption !== memory.caption) patch.caption = fields.caption;
    if (fields.location !== undefined && fields.location !== memory.location) patch.location = fields.location;
    if (fields.memoryDate !== undefined && fields.memoryDate !== memory.memoryDate)
      patch.memoryDate = fields.memoryDate;
    const edited = !own && (replacing || Object.keys(patch).length > 0);
    if (own && fields.meaning !== undefined) patch.meaning = fields.meaning;
    if (partnerMeaning !== undefined) patch.partnerMeaning = partnerMeaning;
    if (edited) patch.editedById = viewer.userId;
    const noteAdded = !!partnerMeaning && !memory.partnerMeaning;
    const actor = noteAdded || edited ? await this.reads.users.self(viewer) : null;
    let next: string[] | null = null;
    let fresh: MediaFile[] = [];
    let ingested: MediaFile | null = null;
    if (changedList) {
      next = changedList;
      fresh = await this.items.ownUnattached(
        viewer,
        changedList.filter((id) => !current.includes(id)),
      );
    } else if (replacing) {
      const single = await this.newMedia(viewer, { ...input, mediaId });
      if (single.ingested) ingested = single.row;
      fresh = [single.row];
      next = [single.row.id, ...current.filter((id) => id !== memory.mediaId && id !== single.row.id)];
    }
    try {
      await this.ds.transaction(async (m) => {
        if (Object.keys(patch).length) await m.getRepository(Memory).update({ id: memory.id }, patch);
        if (actor && noteAdded) await this.deps.notifications.partnerNoteAdded(memory, timeline, actor, m);
        if (actor && edited) await this.deps.notifications.memoryEdited(memory, timeline, actor, m);
        if (next) {
          await this.items.refuseDuplicates(viewer, timeline.id, fresh, m);
          await this.items.write(m, memory.id, next);
          await m.query(REFRESH_PREVIEWS_SQL, [timeline.id]);
        }
      });
    } catch (err) {
      if (ingested) await this.deps.media.remove([ingested.id]);
      throw err;
    }
    if (next) await this.deps.media.remove(current.filter((id) => !next.includes(id)));
    return (await this.reads.memories.visible(viewer, memory.id))!;
  }

  /** Deletes the memory, then its file; the other person's memory deleted tells them (docs/decisions/037-each-voice-its-authors.md). */
  async delete(viewer: Viewer, id: string): Promise<{ deletedId: string; timelineId: string }> {
    const { memory, timeline } = await this.editable(viewer, id);
    const actor = canWriteMeaning(viewer.userId, memory) ? null : await this.reads.users.self(viewer);
    const items = await this.items.reads.idsOf(viewer, memory.id);
    await this.ds.transaction(async (m) => {
      await m.getRepository(Memory).delete({ id: memory.id });
      if (actor) await this.deps.notifications.memoryDeleted(memory, timeline, actor, m);
      await m.query(REFRESH_PREVIEWS_SQL, [timeline.id]);
    });
    // every photo and video of the memory, the cover among them (the rows went with the memory)
    await this.deps.media.remove([...new Set([memory.mediaId, ...items])]);
    return { deletedId: memory.id, timelineId: timeline.id };
  }
}
