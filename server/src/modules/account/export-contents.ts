import type { MediaFile } from "../../entities/media-file.entity.js";
import { MediaType } from "../../entities/media.enums.js";
import type { Memory } from "../../entities/memory.entity.js";
import { partnerSeenBy } from "../memories/partner-note.rules.js";
import type { Notification } from "../../entities/notification.entity.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { User } from "../../entities/user.entity.js";

/**
 * The shape of `keepsake.json` in the data export (docs/decisions/023-export-and-deletion.md).
 * Paths are relative to the zip's root; every file named here is in the zip.
 */
export interface ExportPerson {
  username: string;
  displayName: string;
}

export interface ExportMemory {
  id: string;
  /** path of the cover's original in the zip; null when its stored file is missing */
  file: string | null;
  type: "image" | "video";
  /** every photo and video of the memory in order, the cover first (docs/decisions/051-several-photos-per-memory.md) */
  media: { file: string; type: "image" | "video" }[];
  caption: string;
  location: string;
  date: string | null;
  /** "Why this moment matters", by the memory's creator */
  meaning: string;
  addedBy: ExportPerson | null;
  addedByYou: boolean;
  /** the same question answered by the timeline's other participant (docs/decisions/027-two-voices.md) */
  partnerMeaning: string | null;
  partnerMeaningBy: ExportPerson | null;
  partnerMeaningByYou: boolean;
  createdAt: string;
}

export interface ExportTimeline {
  id: string;
  title: string;
  status: string;
  privacy: string;
  isActive: boolean;
  createdAt: string;
  createdByYou: boolean;
  /** the other participant; null when there is none (yet), or they left (`formerMember`) */
  partner: ExportPerson | null;
  formerMember: boolean;
  /** the address invited, for a timeline the person created, where they may know it */
  invitedEmail: string | null;
  memories: ExportMemory[];
}

export interface ExportDocument {
  format: "keepsake-export/1";
  exportedAt: string;
  profile: {
    id: string;
    email: string;
    username: string;
    displayName: string;
    fullName: string | null;
    bio: string;
    createdAt: string;
    /** path of the profile photo's original in the zip, or null */
    photo: string | null;
  };
  timelines: ExportTimeline[];
  /** the ids of the memories featured on the profile, in order; each is in `timelines[].memories` (docs/decisions/053-highlights.md) */
  highlights: string[];
  notifications: { type: string; message: string; isRead: boolean; createdAt: string; actionUrl: string | null }[];
}

/** One stored file to put in the zip. */
export interface ExportFile {
  path: string;
  media: MediaFile;
  /** The entry's date in the zip: the memory's own day when it has one, else when it was uploaded. */
  mtime: Date;
}

/**
 * A name a person recognises in the unzipped folder, safe on every file system: letters, digits
 * and dashes of `text`, at most 40 characters, else `fallback`
 * (docs/decisions/037-each-voice-its-authors.md).
 */
export function folderName(text: string, fallback: string): string {
  const name = [
    ...text
      .normalize("NFC")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, ""),
  ]
    .slice(0, 40)
    .join("")
    .replace(/-+$/, "");
  return name || fallback;
}

/** A memory's day as the zip entry's date: noon UTC, so every time zone shows the same day. */
const dayOf = (date: string | null, fallback: Date) => (date ? new Date(`${date}T12:00:00.000Z`) : fallback);

export interface ExportPlan {
  document: ExportDocument;
  files: ExportFile[];
}

/** What the person may learn of a timeline's other side (docs/decisions/032-who-may-learn-whom.md). */
export interface DisclosedPartner {
  /** the other participant's account, or null: none yet, gone, or a sealed proposal */
  partnerId: string | null;
  /** the address invited, under the same rule as every other output */
  invitedEmail: string | null;
}

/** A notice as the person's Updates show it now: its text built by the same rule. */
export interface ExportNotice {
  notice: Notification;
  message: string;
}

export interface ExportInput {
  user: User;
  timelines: Timeline[];
  /** per timeline id; a timeline without an entry names nobody */
  disclosed: Map<string, DisclosedPartner>;
  memories: Memory[];
  media: MediaFile[];
  /** each memory's media ids in order (`memory_media`); a memory without an entry has its cover only */
  items?: Map<string, string[]>;
  partners: User[];
  notifications: ExportNotice[];
  profilePhoto: MediaFile | null;
  /** the person's highlights, memory ids in order */
  highlights: string[];
  now: Date;
}

/** The file extension of a stored format in the export (HEIC and AVIF photos are exported as JPEG). */
export function extensionOf(format: string): string {
  return format === "jpeg" || format === "heic" || format === "avif" ? "jpg" : format;
}

const person = (u: User | undefined): ExportPerson | null =>
  u ? { username: u.username, displayName: u.displayName } : null;

/** The partner's note on a memory and who wrote it, as the GraphQL field shows it (docs/decisions/027-two-voices.md). */
function partnerNote(
  m: Memory,
  t: Timeline | undefined,
  userId: string,
  people: Map<string, User>,
): Pick<ExportMemory, "partnerMeaning" | "partnerMeaningBy" | "partnerMeaningByYou"> {
  const authorId = m.partnerMeaning && t ? partnerSeenBy(userId, m, t) : null;
  return {
    partnerMeaning: authorId ? m.partnerMeaning : null,
    partnerMeaningBy: authorId ? person(people.get(authorId)) : null,
    partnerMeaningByYou: !!authorId && authorId === userId,
  };
}

/** Builds the document and the list of files from the rows the read layer gave. */
export function planExport(input: ExportInput): ExportPlan {
  const { user } = input;
  const people = new Map<string, User>([[user.id, user], ...input.partners.map((p) => [p.id, p] as const)]);
  const mediaById = new Map(input.media.map((f) => [f.id, f]));
  const files: ExportFile[] = [];
  const byTimeline = new Map<string, ExportMemory[]>();
  const timelineById = new Map(input.timelines.map((t) => [t.id, t]));

  // folders by timeline title, files by memory date (docs/decisions/037-each-voice-its-authors.md);
  // the ids' first characters keep two timelines or two memories of one day apart
  const folderOf = new Map(
    input.timelines.map((t) => [t.id, `${folderName(t.title, "timeline")}-${t.id.slice(0, 8)}`] as const),
  );
  const used = new Set<string>();
  const typeOf = (f: MediaFile) => (f.type === MediaType.VIDEO ? "video" : "image") as "image" | "video";
  for (const m of input.memories) {
    const items = (input.items?.get(m.id) ?? [m.mediaId]).map((id) => mediaById.get(id)).filter((f) => !!f);
    const media = items[0];
    if (!media) continue;
    const folder = folderOf.get(m.timelineId) ?? m.timelineId;
    // the cover as before; the memory's other photos and videos after it, numbered from 2
    const saved = items.map((item, i) => {
      const suffix = i === 0 ? "" : `-${i + 1}`;
      const name = (id: string) =>
        `media/${folder}/${m.memoryDate ?? "undated"}-${id}${suffix}.${extensionOf(item.format)}`;
      const short = name(m.id.slice(0, 8));
      const path = used.has(short) ? name(m.id) : short;
      used.add(path);
      files.push({ path, media: item, mtime: dayOf(m.memoryDate, item.createdAt) });
      return { file: path, type: typeOf(item) };
    });
    const list = byTimeline.get(m.timelineId) ?? [];
    list.push({
      id: m.id,
      file: saved[0]!.file,
      type: typeOf(media),
      media: saved,
      caption: m.caption,
      location: m.location,
      date: m.memoryDate,
      meaning: m.meaning,
      addedBy: person(people.get(m.createdById)),
      addedByYou: m.createdById === user.id,
      ...partnerNote(m, timelineById.get(m.timelineId), user.id, people),
      createdAt: m.createdAt.toISOString(),
    });
    byTimeline.set(m.timelineId, list);
  }

  let photo: string | null = null;
  if (input.profilePhoto) {
    photo = `media/profile.${extensionOf(input.profilePhoto.format)}`;
    files.push({ path: photo, media: input.profilePhoto, mtime: input.profilePhoto.createdAt });
  }

  const timelines = input.timelines.map((t): ExportTimeline => {
    const createdByYou = t.createdById === user.id;
    const seen = input.disclosed.get(t.id);
    const partnerId = seen?.partnerId ?? null;
    return {
      id: t.id,
      title: t.title,
      status: t.status,
      privacy: t.privacy,
      isActive: t.isActive,
      createdAt: t.createdAt.toISOString(),
      createdByYou,
      partner: partnerId ? person(people.get(partnerId)) : null,
      formerMember: t.formerMember,
      invitedEmail: (createdByYou && seen?.invitedEmail) || null,
      memories: byTimeline.get(t.id) ?? [],
    };
  });

  return {
    files,
    document: {
      format: "keepsake-export/1",
      exportedAt: input.now.toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        username: user.username,
        displayName: user.displayName,
        fullName: user.fullName,
        bio: user.bio,
        createdAt: user.createdAt.toISOString(),
        photo,
      },
      timelines,
      highlights: input.highlights,
      notifications: input.notifications.map(({ notice: n, message }) => ({
        type: n.type,
        message,
        isRead: n.isRead,
        createdAt: n.createdAt.toISOString(),
        actionUrl: n.actionUrl,
      })),
    },
  };
}
