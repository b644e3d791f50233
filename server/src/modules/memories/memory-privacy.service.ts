import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../../lib/clock.js";
import { badInput, conflict, forbidden, notFound } from "../../lib/errors.js";
import { isParticipant, type Viewer } from "../access/access.service.js";
import { effectiveTier, isWider } from "../access/memory-tiers.js";
import { UserReads } from "../users/user.reads.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import {
  lockMemoryForPrivacyChange,
  narrowMemoriesToTimeline,
  type MemoryPrivacyFacts,
} from "../timelines/timeline-locks.js";
import type { PrivacyNotices } from "../notifications/privacy-notices.js";
import { PrivacyRequestResolution } from "../../entities/notification.enums.js";
import { Memory } from "../../entities/memory.entity.js";
import { Privacy, TimelineStatus } from "../../entities/timeline.enums.js";
import type { User } from "../../entities/user.entity.js";
import { MemoryReads } from "./memory.reads.js";
import { REFRESH_PREVIEWS_SQL } from "./memory.service.js";
import { checkWithinTimeline, MEMORY_PRIVACY_MESSAGES, memoryRequestChanged } from "./memory-privacy.rules.js";

/** What became of a change of a memory's tier: in force now, or waiting for the other participant. */
export type MemoryPrivacyOutcome = "applied" | "requested";

export interface MemoryPrivacyDeps {
  ds: DataSource;
  clock: Clock;
  notices: PrivacyNotices;
}

const CLEARED = { pendingPrivacy: null, privacyRequestedById: null, privacyRequestedAt: null };

/**
 * A memory's own tier (docs/decisions/052-memory-privacy.md), by the rule of the timeline's
 * (docs/decisions/026-two-keys-privacy.md): either participant narrows at once; widening the
 * memory's effective tier (the narrower of its own and its timeline's) asks the other participant,
 * and the old tier holds for every read until they accept. Never wider than the timeline (400).
 * One key is enough while the timeline is a proposal or the other person is gone.
 */
export class MemoryPrivacyService {
  private readonly reads: { memories: MemoryReads; timelines: TimelineReads; users: UserReads };

  constructor(private readonly deps: MemoryPrivacyDeps) {
    const timelines = new TimelineReads(deps.ds);
    this.reads = { memories: new MemoryReads(deps.ds, timelines), timelines, users: new UserReads(deps.ds) };
  }

  /** The memory a participant changes: NOT_FOUND when invisible, FORBIDDEN for an onlooker. */
  private async participantMemory(viewer: Viewer, id: string): Promise<Memory> {
    const memory = await this.reads.memories.visible(viewer, id);
    if (!memory) throw notFound("Memory not found");
    const t = await this.reads.timelines.visible(viewer, memory.timelineId);
    if (!t || !isParticipant(viewer.userId, t)) throw forbidden(MEMORY_PRIVACY_MESSAGES.participantsOnly);
    return memory;
  }

  /** A participant sets the memory's tier (null: the timeline's). */
  async change(viewer: Viewer, memoryId: string, wanted: Privacy | null): Promise<MemoryPrivacyOutcome> {
    await this.participantMemory(viewer, memoryId);
    const me = (await this.reads.users.self(viewer))!;
    const outcome = await this.deps.ds.transaction(async (m) => {
      const f = await lockMemoryForPrivacyChange(m, memoryId);
      if (!f) throw notFound("Memory not found");
      const timelineTier = f.timelinePrivacy as Privacy;
      checkWithinTimeline(wanted, timelineTier);
      const from = effectiveTier(f.privacy as Privacy | null, timelineTier);
      const to = effectiveTier(wanted, timelineTier);
      const other = f.createdById === me.id ? f.collaboratorId : f.createdById;
      if (!isWider(from, to) || !other || f.status !== TimelineStatus.ACCEPTED) {
        await this.endRequest(m, f, me);
        await this.set(m, f, { privacy: wanted, ...CLEARED });
        return "applied" as const;
      }
      if (f.pendingPrivacy === to && f.privacyRequestedById === other) {
        // the other participant asks for what they were asked for: consent
        await this.set(m, f, { privacy: to, ...CLEARED });
        await this.deps.notices.memoryAnswered(m, timelineRef(f), f.id, me, other, to, true);
        return "applied" as const;
      }
      if (f.pendingPrivacy === to && f.privacyRequestedById === me.id) return "requested" as const;
      await this.set(m, f, {
        pendingPrivacy: to,
        privacyRequestedById: me.id,
        privacyRequestedAt: this.deps.clock.now(),
      });
      await this.deps.notices.memoryRequested(m, timelineRef(f), f.id, me, other, to);
      return "requested" as const;
    });
    viewer.forgetRows();
    return outcome;
  }

  /**
   * The other participant accepts or declines a pending request, naming the tier the screen showed
   * (an accept must): anyone but the two participants gets the missing-memory answer; the requester
   * is refused; nothing pending, or a request that now asks for another tier, is a conflict.
   */
  async respond(viewer: Viewer, id: string, accept: boolean, privacy?: Privacy | null): Promise<Memory> {
    const memory = await this.reads.memories.visible(viewer, id);
    const t = memory ? await this.reads.timelines.visible(viewer, memory.timelineId) : null;
    if (!memory || !t || !isParticipant(viewer.userId, t)) throw notFound("Memory not found");
    if (accept && !privacy) throw badInput(MEMORY_PRIVACY_MESSAGES.tierNeeded, { field: "privacy" });
    const me = (await this.reads.users.self(viewer))!;
    await this.deps.ds.transaction(async (m) => {
      const f = await lockMemoryForPrivacyChange(m, memory.id);
      if (!f?.pendingPrivacy) throw conflict(MEMORY_PRIVACY_MESSAGES.nothingPending);
      if (f.privacyRequestedById === me.id) throw forbidden(MEMORY_PRIVACY_MESSAGES.ownRequest);
      if (privacy && f.pendingPrivacy !== privacy) throw conflict(memoryRequestChanged(f.pendingPrivacy as Privacy));
      const wanted = f.pendingPrivacy as Privacy;
      await this.set(m, f, accept ? { privacy: wanted, ...CLEARED } : CLEARED);
      if (f.privacyRequestedById) {
        await this.deps.notices.memoryAnswered(m, timelineRef(f), f.id, me, f.privacyRequestedById, wanted, accept);
      } else {
        await this.deps.notices.closeMemory(m, f.id, PrivacyRequestResolution.CANCELLED);
      }
    });
    viewer.forgetRows();
    return (await this.reads.memories.visible(viewer, memory.id))!;
  }

  /**
   * The timeline's tier changed, in its transaction (wired in web/services.ts): memories never stay
   * wider than it, requests beyond it are dropped, and the covers are recomputed (they show only
   * memories everyone who sees the timeline sees).
   */
  async timelineTierApplied(m: EntityManager, timelineId: string, tier: Privacy): Promise<void> {
    const dropped = await narrowMemoriesToTimeline(m, timelineId, tier);
    await this.deps.notices.closeMemories(m, dropped);
    await m.query(REFRESH_PREVIEWS_SQL, [timelineId]);
  }

  /** A narrowing (or the same tier) ends a pending request: withdrawn by its requester, or declined by the other. */
  private async endRequest(m: EntityManager, f: MemoryPrivacyFacts, me: User): Promise<void> {
    if (!f.pendingPrivacy) return;
    if (f.privacyRequestedById && f.privacyRequestedById !== me.id) {
      await this.deps.notices.memoryAnswered(
        m,
        timelineRef(f),
        f.id,
        me,
        f.privacyRequestedById,
        f.pendingPrivacy as Privacy,
        false,
      );
    } else {
      await this.deps.notices.closeMemory(m, f.id, PrivacyRequestResolution.CANCELLED);
    }
  }

  private async set(m: EntityManager, f: MemoryPrivacyFacts, patch: Partial<Memory>): Promise<void> {
    await m.getRepository(Memory).update({ id: f.id }, patch);
    if (patch.privacy !== undefined) await m.query(REFRESH_PREVIEWS_SQL, [f.timelineId]);
  }
}

const timelineRef = (f: MemoryPrivacyFacts) => ({ id: f.timelineId, title: f.title });
