import type { DataSource } from "typeorm";
import { badInput, notFound } from "../../lib/errors.js";
import type { Viewer } from "../access/access.service.js";
import { webSeenBy } from "../access/disclosure.js";
import { AudienceReads, type Audience } from "./audience.reads.js";
import type { Expand } from "../access/reach.js";
import { UserReads } from "../users/user.reads.js";
import { normalizeEmail } from "../../lib/email-address.js";
import { parsePrivacy } from "./timeline.service.js";

export interface AudiencePreviewInput {
  collaboratorId?: unknown;
  collaboratorEmail?: unknown;
  privacy: unknown;
}

/**
 * "Who can see this" before a tier is chosen (docs/decisions/025-audience-preview.md): the
 * audience of an existing timeline for its participants, and of a timeline about to be created.
 */
export class AudienceService {
  private readonly audience: AudienceReads;
  private readonly users: UserReads;

  constructor(ds: DataSource, expand: Expand) {
    this.audience = new AudienceReads(ds, expand);
    this.users = new UserReads(ds);
  }

  /** Participants only; anyone else, and a missing or malformed id, get "Timeline not found". */
  async ofTimeline(viewer: Viewer, id: string, privacy: unknown): Promise<Audience> {
    const tier = parsePrivacy(privacy, true);
    const audience = await this.audience.ofTimeline(viewer, id, tier);
    if (!audience) throw notFound("Timeline not found");
    return audience;
  }

  /**
   * The audience of a proposal the caller is about to make. The collaborator is read like
   * `TimelineService.create` reads it: by id (any person the search can find), or by e-mail; an
   * address counts as a person only when it belongs to someone who already shares a timeline with
   * the caller, so the answer is the same for an address without an account and for an account the
   * caller shares nothing with (docs/decisions/017-hostile-input.md, "Inviting by e-mail"). Either
   * way the collaborator's side counts only for an accepted partner: a stranger's web is not told.
   */
  async preview(viewer: Viewer, input: AudiencePreviewInput): Promise<Audience> {
    const tier = parsePrivacy(input.privacy, true);
    const byId = input.collaboratorId != null && input.collaboratorId !== "" ? String(input.collaboratorId) : null;
    const byEmail =
      !byId && input.collaboratorEmail != null && input.collaboratorEmail !== "" ? input.collaboratorEmail : null;
    let collaboratorId: string | null = null;
    if (byId) {
      const user = await this.users.byId(viewer, byId);
      if (!user) throw badInput("Collaborator not found");
      collaboratorId = user.id;
    } else if (byEmail) {
      const email = normalizeEmail(byEmail);
      if (!email) throw badInput("Please enter a valid e-mail address for your collaborator");
      collaboratorId = (await this.users.byEmailIfPartner(viewer, email))?.id ?? null;
    }
    if (collaboratorId && collaboratorId === viewer.userId) throw badInput("You can't create a timeline with yourself");
    // their side counts only where the asker may learn the size of their web
    // (docs/decisions/032-who-may-learn-whom.md): never for someone found by search
    const side = collaboratorId && (await webSeenBy(viewer, collaboratorId)) ? collaboratorId : null;
    return this.audience.preview(viewer, side, tier);
  }
}
