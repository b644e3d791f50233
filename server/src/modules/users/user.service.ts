import { BIO_MAX, DISPLAY_NAME_MAX, USERNAME_MAX, USERNAME_MIN, USERNAME_TAKEN } from "@keepsake/contract";
import type { DataSource } from "typeorm";
import { badInput, conflict, unauthenticated } from "../../lib/errors.js";
import { mediaIdIn } from "../../lib/uuid.js";
import { isUniqueViolation, optionalText } from "../../lib/validation.js";
import type { Viewer } from "../access/access.service.js";
import { MediaReads } from "../media/media.reads.js";
import { UserReads, type UserCriteria } from "./user.reads.js";
import { normalizeEmail } from "../../lib/email-address.js";
import { MediaType } from "../../entities/media.enums.js";
import type { MediaPort, UploadArg } from "../media/media-port.js";
import { FILTER_LIMIT, PeopleLookupLimit, type UserFilter } from "./people-lookup.js";
import { isReservedUsername, USERNAME_RESERVED } from "./reserved-usernames.js";
import { User } from "../../entities/user.entity.js";

export const USERNAME_PATTERN = new RegExp(`^[a-z0-9]{${USERNAME_MIN},${USERNAME_MAX}}$`);
export { USERNAME_TAKEN };
export const USERNAME_FORMAT = "Username must be 3–30 characters: lowercase letters and numbers only.";
export const SEARCH_LIMIT = 10;

export interface ProfileUpdate {
  displayName?: unknown;
  username?: unknown;
  bio?: unknown;
  /** A new photo as a GraphQL multipart upload. */
  photo?: UploadArg | null;
  /**
   * A new photo as the id of the caller's own unattached image upload, or a `/media/<id>/…` URL
   * handed out earlier (REST's profile_photo is a URL); null or "" removes it. The current photo
   * sent again is no change.
   */
  photoMediaId?: unknown;
  removePhoto?: boolean | null;
}

/** A photo named by media id or by a `/media/<id>/…` URL; null or "" → remove; undefined → unchanged. */
function photoIdOf(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value !== "string") throw badInput("Invalid profile photo");
  const id = mediaIdIn(value);
  if (!id) throw badInput("Invalid profile photo");
  return id;
}

export class UserService {
  private readonly reads: { media: MediaReads; users: UserReads };
  /** Searches and filters per account (docs/decisions/017-hostile-input.md). */
  readonly lookupLimit: PeopleLookupLimit;

  constructor(
    private readonly ds: DataSource,
    private readonly media?: MediaPort,
  ) {
    this.reads = { media: new MediaReads(ds), users: new UserReads(ds) };
    this.lookupLimit = new PeopleLookupLimit(ds);
  }

  private requireMedia(): MediaPort {
    if (!this.media) throw new Error("media service is not configured");
    return this.media;
  }

  /** The signed-in person's own account (null when signed out). */
  own(viewer: Viewer): Promise<User | null> {
    return this.reads.users.self(viewer);
  }

  /**
   * By username, or by e-mail when the value contains "@" (docs/product.md §2 PublicProfile). By e-mail it
   * finds only someone who shares a timeline with the viewer (any status); anyone else answers
   * exactly like an unknown address, so the lookup is no oracle of who has an account
   * (docs/decisions/017-hostile-input.md).
   */
  async findByIdentifier(viewer: Viewer, identifier: string): Promise<User | null> {
    const value = String(identifier ?? "").trim();
    if (value.includes("@")) {
      const email = normalizeEmail(value);
      if (!email) return null;
      const user = await this.reads.users.byEmailIfPartner(viewer, email);
      if (user) viewer.revealEmailOf(user.id);
      return user;
    }
    const username = value.toLowerCase();
    if (!USERNAME_PATTERN.test(username)) return null;
    return this.reads.users.byUsername(viewer, username);
  }

  /** Lowercased; invalid names are not available; the caller's current name counts as available. */
  async usernameAvailable(viewer: Viewer, username: string): Promise<boolean> {
    const viewerId = viewer.userId;
    if (!viewerId) throw unauthenticated();
    const name = String(username ?? "")
      .trim()
      .toLowerCase();
    if (!USERNAME_PATTERN.test(name) || isReservedUsername(name)) return false;
    const owner = await this.reads.users.usernameOwner(viewer, name);
    return !owner || owner === viewerId;
  }

  /** docs/product.md §5 Profile: display name required ≤ 100, username ^[a-z0-9]{3,30}$ unique, bio ≤ 500. */
  async updateProfile(viewer: Viewer, input: ProfileUpdate): Promise<User> {
    const userId = viewer.userId;
    if (!userId) throw unauthenticated();
    const photoMediaId = photoIdOf(input.photoMediaId);
    const user = await this.reads.users.self(viewer);
    if (!user) throw badInput("User not found");

    const displayName = optionalText(input.displayName, "Display name", DISPLAY_NAME_MAX);
    if (displayName !== undefined && !displayName) throw badInput("Display name is required");
    const bio = optionalText(input.bio, "Bio", BIO_MAX);
    let username: string | undefined;
    if (input.username !== undefined && input.username !== null) {
      if (typeof input.username !== "string") throw badInput(USERNAME_FORMAT);
      username = input.username.trim().toLowerCase();
      if (!username) throw badInput("Username is required");
      if (!USERNAME_PATTERN.test(username)) throw badInput(USERNAME_FORMAT);
      if (username !== user.username && isReservedUsername(username)) throw badInput(USERNAME_RESERVED);
      if (username !== user.username && !(await this.usernameAvailable(viewer, username)))
        throw conflict(USERNAME_TAKEN);
    }

    let newPhotoId: string | null | undefined;
    if (input.photo) {
      const media = this.requireMedia();
      const row = await media.ingestUpload(viewer, input.photo);
      if (row.type !== MediaType.IMAGE) {
        await media.remove([row.id]);
        throw badInput("Profile photo must be an image");
      }
      newPhotoId = row.id;
    } else if (photoMediaId) {
      const row = await this.reads.media.own(viewer, photoMediaId);
      if (!row || (row.attached && row.id !== user.profilePhotoId)) throw badInput("Profile photo not found");
      if (row.type !== MediaType.IMAGE) throw badInput("Profile photo must be an image");
      newPhotoId = row.id === user.profilePhotoId ? undefined : row.id;
    } else if (input.removePhoto || photoMediaId === null) {
      newPhotoId = user.profilePhotoId ? null : undefined;
    }

    const oldPhotoId = user.profilePhotoId;
    try {
      await this.ds.transaction(async (m) => {
        const patch: Partial<User> = {};
        if (displayName !== undefined) patch.displayName = displayName;
        if (bio !== undefined) patch.bio = bio;
        if (username !== undefined) patch.username = username;
        if (newPhotoId !== undefined) patch.profilePhotoId = newPhotoId;
        if (Object.keys(patch).length) await m.getRepository(User).update({ id: userId }, patch);
        if (newPhotoId) await this.requireMedia().markAttached([newPhotoId], m);
      });
    } catch (err) {
      if (isUniqueViolation(err, "users_username_key")) throw conflict(USERNAME_TAKEN);
      throw err;
    }
    if (newPhotoId !== undefined && oldPhotoId) await this.requireMedia().remove([oldPhotoId]);
    return (await this.reads.users.self(viewer))!;
  }

  /**
   * Collaborator search (docs/product.md §5): case-insensitive substring of username, display name or full
   * name; at most 10; never the caller. Prefix matches first, then by username.
   */
  async search(viewer: Viewer, query: string, limit = SEARCH_LIMIT): Promise<User[]> {
    const viewerId = viewer.userId;
    if (!viewerId) throw unauthenticated();
    const q = String(query ?? "")
      .trim()
      .slice(0, 100);
    if (!q) return [];
    await this.lookupLimit.consume(viewerId);
    return this.reads.users.search(viewer, q, Math.min(Math.max(limit, 1), SEARCH_LIMIT));
  }

  /**
   * REST `GET /api/users/filter` (docs/product.md §7), criteria already parsed by `parseUserFilter`: at most
   * 50 users. Any e-mail criterion finds only people who share a timeline with the viewer (any
   * status); an address asked for by value or `$in` is then shown. Counted by the lookup limit.
   */
  async filter(viewer: Viewer, criteria: UserFilter): Promise<User[]> {
    if (!viewer.userId) return [];
    await this.lookupLimit.consume(viewer.userId);
    const { emails, notEmail, username } = criteria;
    const where: UserCriteria = {};
    if (emails !== undefined) {
      if (emails.length === 0) return [];
      where.emailIn = emails;
    }
    if (notEmail !== undefined) where.emailNe = notEmail;
    if (emails !== undefined || notEmail !== undefined) where.partnersOnly = true;
    if (username !== undefined) {
      if (!USERNAME_PATTERN.test(username)) return [];
      where.username = username;
    }
    const users = await this.reads.users.filter(viewer, where, FILTER_LIMIT);
    for (const u of users) if (emails?.includes(u.email)) viewer.revealEmailOf(u.id);
    return users;
  }
}
