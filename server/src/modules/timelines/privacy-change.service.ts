import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../../lib/clock.js";
import { badInput, conflict, forbidden, notFound } from "../../lib/errors.js";
import { isParticipant, type Viewer } from "../access/access.service.js";
import { UserReads } from "../users/user.reads.js";
import { TimelineReads } from "./timeline.reads.js";
import { lockTimelineForPrivacyChange, type PrivacyFacts } from "./timeline-locks.js";
import { PrivacyRequestResolution } from "../../entities/notification.enums.js";
import type { PrivacyNotices } from "../notifications/privacy-notices.js";
import type { User } from "../../entities/user.entity.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../entities/timeline.enums.js";

/** Narrowest first: widening moves right (docs/product.md §1). */
const ORDER: Privacy[] = [Privacy.PRIVATE, Privacy.SEMI_PRIVATE, Privacy.PUBLIC];
export const widens = (from: Privacy, to: Privacy) => ORDER.indexOf(to) > ORDER.indexOf(from);

export const PRIVACY_CHANGE_MESSAGES = {
  nothingPending: "There is no privacy change waiting for an answer",
  ownRequest: "You asked for this change, so the other person is the one to answer it",
  notAcceptedYet: "You can ask to widen who sees this timeline once you have accepted it",
  tierNeeded: "Say which tier you agree to: accepting names the tier you were asked about",
} as const;

/** The request changed between the screen and the answer: nothing is applied (409). */
export const requestChanged = (now: Privacy | null) =>
  now
    ? `This request changed: it now asks to make the timeline ${now}. Please look at it again before you answer.`
    : PRIVACY_CHANGE_MESSAGES.nothingPending;

/** What became of a change of tier: in force now, or waiting for the other participant. */
export type PrivacyChangeOutcome = "applied" | "requested";

export interface PrivacyChangeDeps {
  ds: DataSource;
  clock: Clock;
  notices: PrivacyNotices;
  /**
   * The tier applied, in the change's transaction: the memories follow it
   * (docs/decisions/052-memory-privacy.md; wired in web/services.ts).
   */
  tierApplied?: (m: EntityManager, timelineId: string, tier: Privacy) => Promise<void>;
}

const CLEARED = { pendingPrivacy: null, privacyRequestedById: null, privacyRequestedAt: null };

/**
 * Two keys to widen, one to narrow (docs/decisions/026-two-keys-privacy.md). While a timeline is
 * a proposal its creator's tier applies at once (accepting the proposal accepts the tier). Once
 * accepted, a wider tier asked for by one participant is stored as a request and `privacy` (what
 * every read and every media byte obeys, docs/decisions/003-privacy-tiers.md) keeps the old tier
 * until the other accepts; narrowing, or setting the current tier, is immediate for either and
 * ends a pending request. With the other participant gone ("Former member") one key is enough.
 */
export class PrivacyChangeService {
  private readonly reads: { timelines: TimelineReads; users: UserReads };

  constructor(private readonly deps: PrivacyChangeDeps) {
    this.reads = { timelines: new TimelineReads(deps.ds), users: new UserReads(deps.ds) };
  }

  /** A participant (already checked by the caller) sets the tier. */
  async change(viewer: Viewer, timelineId: string, wanted: Privacy): Promise<PrivacyChangeOutcome> {
    const me = (await this.reads.users.self(viewer))!;
    return this.deps.ds.transaction(async (m) => {
      const f = await lockTimelineForPrivacyChange(m, timelineId);
      if (!f) throw notFound("Timeline not found");
      const current = f.privacy as Privacy;
      const other = f.createdById === me.id ? f.collaboratorId : f.createdById;
      if (f.status !== TimelineStatus.ACCEPTED) {
        // A proposal: the invitee consents by accepting it, so only the creator may widen it, and
        // a wider tier reaches the invitee as a new proposal notice before they can accept it.
        if (me.id !== f.createdById && widens(current, wanted)) throw forbidden(PRIVACY_CHANGE_MESSAGES.notAcceptedYet);
        await this.set(m, f.id, { privacy: wanted });
        if (f.status === TimelineStatus.PENDING && f.collaboratorId && widens(current, wanted))
          await this.deps.notices.proposalWidened(m, f, me, f.collaboratorId, wanted);
        return "applied";
      }
      if (!other || !widens(current, wanted)) {
        await this.endRequest(m, f, me);
        await this.set(m, f.id, { privacy: wanted, ...CLEARED });
        return "applied";
      }
      if (f.pendingPrivacy === wanted && f.privacyRequestedById === other) {
        // The other participant asks for what they were asked for: consent.
        await this.set(m, f.id, { privacy: wanted, ...CLEARED });
        await this.deps.notices.answered(m, f, me, other, wanted, true);
        return "applied";
      }
      if (f.pendingPrivacy === wanted && f.privacyRequestedById === me.id) return "requested";
      await this.set(m, f.id, {
        pendingPrivacy: wanted,
        privacyRequestedById: me.id,
        privacyRequestedAt: this.deps.clock.now(),
      });
      await this.deps.notices.requested(m, f, me, other, wanted);
      return "requested";
    });
  }

  /**
   * The other participant accepts or declines a pending request. Anyone but the two participants
   * gets the missing-timeline answer; the requester is refused; nothing pending is a conflict.
   * Consent names what it consents to (docs/decisions/032-who-may-learn-whom.md): an accept carries
   * the tier the person was shown (`privacy`), and an answer naming a tier the request no longer
   * asks for is a conflict that changes nothing.
   */
  async respond(viewer: Viewer, id: string, accept: boolean, privacy?: Privacy | null): Promise<Timeline> {
    const t = await this.reads.timelines.visible(viewer, id);
    if (!t || !isParticipant(viewer.userId, t)) throw notFound("Timeline not found");
    if (accept && !privacy) throw badInput(PRIVACY_CHANGE_MESSAGES.tierNeeded, { field: "privacy" });
    const me = (await this.reads.users.self(viewer))!;
    await this.deps.ds.transaction(async (m) => {
      const f = await lockTimelineForPrivacyChange(m, t.id);
      if (!f?.pendingPrivacy) throw conflict(PRIVACY_CHANGE_MESSAGES.nothingPending);
      if (f.privacyRequestedById === me.id) throw forbidden(PRIVACY_CHANGE_MESSAGES.ownRequest);
      if (privacy && f.pendingPrivacy !== privacy) throw conflict(requestChanged(f.pendingPrivacy as Privacy));
      const wanted = f.pendingPrivacy as Privacy;
      await this.set(m, f.id, accept ? { privacy: wanted, ...CLEARED } : CLEARED);
      if (f.privacyRequestedById) {
        await this.deps.notices.answered(m, t, me, f.privacyRequestedById, wanted, accept);
      } else {
        await this.deps.notices.close(m, t.id, PrivacyRequestResolution.CANCELLED);
      }
    });
    return (await this.reads.timelines.visible(viewer, t.id))!;
  }

  /**
   * A narrowing (or the current tier) ends a pending request: withdrawn by its requester, or, when
   * the other participant does it, an answer the requester is told about.
   */
  private async endRequest(m: EntityManager, f: PrivacyFacts, me: User): Promise<void> {
    if (!f.pendingPrivacy) return;
    if (f.privacyRequestedById && f.privacyRequestedById !== me.id) {
      await this.deps.notices.answered(m, f, me, f.privacyRequestedById, f.pendingPrivacy as Privacy, false);
    } else {
      await this.deps.notices.close(m, f.id, PrivacyRequestResolution.CANCELLED);
    }
  }

  private async set(m: EntityManager, id: string, patch: Partial<Timeline>): Promise<void> {
    await m.getRepository(Timeline).update({ id }, patch);
    if (patch.privacy) await this.deps.tierApplied?.(m, id, patch.privacy);
  }
}
