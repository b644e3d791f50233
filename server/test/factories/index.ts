import crypto from "node:crypto";
import type { DataSource } from "typeorm";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MediaType } from "../../src/entities/media.enums.js";
import { Memory } from "../../src/entities/memory.entity.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";

/**
 * One factory per entity, with overrides (docs/decisions/014-testing.md). Rows are written directly; media rows
 * carry a fake original_key (domain tests never read media bytes).
 */
let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;

export async function createUser(ds: DataSource, overrides: Partial<User> = {}): Promise<User> {
  const tag = next();
  const row = ds.getRepository(User).create({
    email: `user${tag}@example.com`,
    username: `u${tag}`.slice(0, 30),
    displayName: `User ${tag}`,
    fullName: null,
    bio: "",
    ...overrides,
  });
  return ds.getRepository(User).save(row);
}

export async function createMedia(
  ds: DataSource,
  overrides: Partial<MediaFile> & { ownerId: string },
): Promise<MediaFile> {
  const id = overrides.id ?? crypto.randomUUID();
  const row = ds.getRepository(MediaFile).create({
    id,
    type: MediaType.IMAGE,
    format: "jpeg",
    width: 1200,
    height: 800,
    bytes: 12345,
    originalKey: `originals/test/${id}.jpg`,
    variants: { display: `variants/test/${id}-display.webp`, thumb: `variants/test/${id}-thumb.webp` },
    attached: false,
    ...overrides,
  });
  return ds.getRepository(MediaFile).save(row);
}

export async function createTimeline(
  ds: DataSource,
  overrides: Partial<Timeline> & { createdById: string },
): Promise<Timeline> {
  let collaboratorEmail = overrides.collaboratorEmail;
  if (!collaboratorEmail && overrides.collaboratorId) {
    collaboratorEmail = (await ds.getRepository(User).findOneByOrFail({ id: overrides.collaboratorId })).email;
  }
  const row = ds.getRepository(Timeline).create({
    title: `Timeline ${next()}`,
    status: TimelineStatus.ACCEPTED,
    isActive: true,
    privacy: Privacy.PRIVATE,
    collaboratorId: null,
    previewMediaIds: [],
    lastActivity: new Date(),
    ...overrides,
    collaboratorEmail: collaboratorEmail ?? `invitee${next()}@example.com`,
  });
  return ds.getRepository(Timeline).save(row);
}

/** An accepted, active, private timeline between two users: one edge of the connection web. */
export function connect(ds: DataSource, a: User, b: User, overrides: Partial<Timeline> = {}): Promise<Timeline> {
  return createTimeline(ds, { createdById: a.id, collaboratorId: b.id, ...overrides });
}

export async function createMemory(
  ds: DataSource,
  overrides: Partial<Memory> & { timelineId: string; createdById: string },
): Promise<Memory> {
  const media = overrides.mediaId ? null : await createMedia(ds, { ownerId: overrides.createdById, attached: true });
  const count = await ds.getRepository(Memory).count({ where: { timelineId: overrides.timelineId } });
  const row = ds.getRepository(Memory).create({
    mediaId: media?.id,
    position: count + 1,
    caption: "A caption",
    location: "Somewhere",
    memoryDate: "2024-01-05",
    meaning: "It mattered",
    ...overrides,
  });
  const saved = await ds.getRepository(Memory).save(row);
  // its one photo is its cover, position 0 (docs/decisions/051-several-photos-per-memory.md)
  await ds.query(`INSERT INTO memory_media (memory_id, media_file_id, position) VALUES ($1, $2, 0)`, [
    saved.id,
    saved.mediaId,
  ]);
  return saved;
}

export async function createNotification(
  ds: DataSource,
  overrides: Partial<Notification> & { recipientId: string },
): Promise<Notification> {
  const row = ds.getRepository(Notification).create({
    type: NotificationType.OTHER,
    message: "Something happened",
    isRead: false,
    relatedUserId: null,
    relatedTimelineId: null,
    actionUrl: null,
    ...overrides,
  });
  return ds.getRepository(Notification).save(row);
}
