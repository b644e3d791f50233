import crypto from "node:crypto";
import type { DataSource } from "typeorm";
import type { Env } from "../../config/env.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, badInput, forbidden, notFound, unauthenticated } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Viewer } from "../access/access.service.js";
import { InviteLinkReads } from "./invite-link.reads.js";
import { TimelineReads } from "./timeline.reads.js";
import { creatorsWaitingProposal } from "./waiting-proposal.js";
import type { Timeline } from "../../entities/timeline.entity.js";

/** How long an invite link works (docs/decisions/055-reminders-invite-links-and-new-marks.md). */
export const INVITE_LINK_TTL_MS = 7 * 24 * 3600_000;

export const INVITE_LINK_MESSAGES = {
  invalid: "This invite link is not valid any more. Ask for a new one.",
  expired: "This invite link has expired. Ask for a new one.",
  used: "This invite link has already been used.",
  someoneElse:
    "This invite link was made for someone else, so it can't be used with this account. Nothing was changed.",
} as const;

/** A link's token: 256 random bits, URL-safe; only its SHA-256 is kept (as a sign-in token's, docs/decisions/002). */
const newToken = () => crypto.randomBytes(32).toString("base64url");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256Hex = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/**
 * "Copy invite link": a single-use, expiring link that opens a waiting proposal after sign-in.
 * The link is bound to the invitation, not to whoever holds it: it opens the proposal only for the
 * invited person (the account the proposal is for, which the invited address becomes at its first
 * sign-in); anyone else is told it is someone else's and nothing changes, so consent cannot change
 * hands. Making a new link replaces the old one.
 */
export class InviteLinkService {
  private readonly timelines: TimelineReads;
  private readonly links: InviteLinkReads;

  constructor(private readonly deps: { ds: DataSource; env: Env; clock: Clock; logger: Logger }) {
    this.timelines = new TimelineReads(deps.ds);
    this.links = new InviteLinkReads(deps.ds);
  }

  /** A new link for the caller's waiting proposal; the previous one stops working. */
  async create(viewer: Viewer, timelineId: string): Promise<{ url: string; expiresAt: Date }> {
    const t = await creatorsWaitingProposal(this.timelines, viewer, timelineId);
    const token = newToken();
    const expiresAt = new Date(this.deps.clock.now().getTime() + INVITE_LINK_TTL_MS);
    await this.deps.ds.query(
      `INSERT INTO timeline_invite_links (timeline_id, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (timeline_id) DO UPDATE
         SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at,
             expires_at = EXCLUDED.expires_at, used_at = NULL, used_by_id = NULL`,
      [t.id, sha256Hex(token), this.deps.clock.now(), expiresAt],
    );
    return { url: `${this.deps.env.APP_URL}/app/invite?token=${token}`, expiresAt };
  }

  /**
   * Opens a link for the signed-in caller: the proposal when they are its invited person (the link
   * is then used; the same person may open it again); otherwise FORBIDDEN, and nothing changes.
   * Unknown, replaced, expired or used links say so (NOT_FOUND, or CONFLICT for a used one).
   */
  async open(viewer: Viewer, token: unknown): Promise<Timeline> {
    const userId = viewer.userId;
    if (!userId) throw unauthenticated();
    if (typeof token !== "string" || !TOKEN.test(token)) throw badInput(INVITE_LINK_MESSAGES.invalid);
    const link = await this.links.byTokenHash(viewer, sha256Hex(token));
    if (!link) throw notFound(INVITE_LINK_MESSAGES.invalid);
    // who the link is for is asked of the timeline itself, not through the caller's view of it:
    // a third person learns only that it is not theirs
    const invited = await this.links.isInvitedPerson(viewer, link.timelineId);
    if (invited === null) throw notFound(INVITE_LINK_MESSAGES.invalid);
    if (!invited) {
      this.deps.logger.info({ event: "invite_link_refused", timelineId: link.timelineId }, "invite link refused");
      throw forbidden(INVITE_LINK_MESSAGES.someoneElse);
    }
    if (link.usedAt && link.usedById !== userId) throw new AppError("CONFLICT", INVITE_LINK_MESSAGES.used);
    if (!link.usedAt) {
      if (link.expiresAt.getTime() <= this.deps.clock.now().getTime()) throw notFound(INVITE_LINK_MESSAGES.expired);
      const used: unknown = await this.deps.ds.query(
        `UPDATE timeline_invite_links SET used_at = $2, used_by_id = $3
          WHERE timeline_id = $1 AND token_hash = $4 AND used_at IS NULL`,
        [link.timelineId, this.deps.clock.now(), userId, sha256Hex(token)],
      );
      // TypeORM answers an UPDATE with [rows, rowCount]
      if (Array.isArray(used) && used[1] === 0) throw new AppError("CONFLICT", INVITE_LINK_MESSAGES.used);
    }
    const t = await this.timelines.visible(viewer, link.timelineId);
    if (!t) throw notFound(INVITE_LINK_MESSAGES.invalid);
    return t;
  }
}
