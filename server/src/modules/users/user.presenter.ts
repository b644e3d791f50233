import type { PresentDeps } from "../../present-deps.js";
import { EXPORT_PATH } from "./user-paths.js";
import type { User } from "../../entities/user.entity.js";
import { emailSeenBy } from "../access/disclosure.js";

/** A user's derived fields as one viewer sees them; GraphQL and REST both present through it. */
export class UserPresenter {
  constructor(private readonly d: PresentDeps) {}

  /** Only where docs/decisions/032-who-may-learn-whom.md allows. */
  email(u: Pick<User, "id" | "email">): Promise<string | null> {
    return emailSeenBy(this.d.viewer(), u);
  }

  /** Short-lived signed URL of the profile photo (thumb variant), or null (the client shows initials). */
  profilePhotoUrl(u: User): string | null {
    return u.profilePhotoId ? this.d.media.signedUrl(u.profilePhotoId, "thumb") : null;
  }

  /** Where to download one's own data; null for anyone but oneself (docs/decisions/023-export-and-deletion.md). */
  exportUrl(u: User): string | null {
    const viewerId = this.d.viewer().userId;
    return viewerId && u.id === viewerId ? EXPORT_PATH : null;
  }
}
