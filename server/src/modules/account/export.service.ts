import { PassThrough, Readable } from "node:stream";
import exifr from "exifr";
import type { DataSource } from "typeorm";
import yazl from "yazl";
import type { Clock } from "../../lib/clock.js";
import { unauthenticated } from "../../lib/errors.js";
import { exportHeifAsJpeg, exportImageCopy, imageExif, type KeptExif } from "../../lib/images.js";
import type { Logger } from "../../lib/logger.js";
import { consumeAll, createRateLimiter, limitError, waitText, type RateLimiter } from "../../lib/rate-limit.js";
import type { Storage } from "../../lib/storage.js";
import { AccountReads } from "./account.reads.js";
import { MediaReads } from "../media/media.reads.js";
import { UserReads } from "../users/user.reads.js";
import type { Viewer } from "../access/access.service.js";
import { collaboratorSeenBy, invitedEmailSeenBy } from "../access/disclosure.js";
import { NotificationReads } from "../notifications/notification.reads.js";
import { HighlightReads } from "../highlights/highlight.reads.js";
import { MemoryReads } from "../memories/memory.reads.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { MediaFile } from "../../entities/media-file.entity.js";
import { MediaType } from "../../entities/media.enums.js";
import { planExport, type DisclosedPartner, type ExportPlan } from "./export-contents.js";
import { exportIndexHtml } from "./export-index-html.js";

/** Exports per account per hour (docs/decisions/023-export-and-deletion.md). */
export const EXPORTS_PER_HOUR = 3;

/**
 * Image formats re-encoded without GPS; GIF carries no EXIF and videos are stored without any
 * metadata (docs/decisions/004-media-pipeline.md, 034-media-formats.md). HEIF photos (HEIC, AVIF)
 * become JPEG copies (export-contents.ts names them .jpg).
 */
const REENCODED = new Set(["jpeg", "png", "webp"]);
const HEIF = new Set(["heic", "avif"]);
/** Enough of the file's head for its EXIF block. */
const EXIF_HEAD_BYTES = 256 * 1024;
/** Stored files checked at once before the zip starts. */
const STAT_BATCH = 8;

export interface ExportServiceDeps {
  ds: DataSource;
  clock: Clock;
  logger: Logger;
  storage: Storage;
}

export interface ExportArchive {
  filename: string;
  /** The zip, produced as it is read (entries are opened one at a time). */
  stream: Readable;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * "Your data, yours to take" (docs/decisions/023-export-and-deletion.md): a zip of the person's
 * own timelines (every memory's original, GPS removed, capture date kept), `keepsake.json` and an
 * offline `index.html`, streamed from the storage interface one entry at a time.
 */
export class ExportService {
  private readonly reads: AccountReads;
  private readonly users: UserReads;
  private readonly media: MediaReads;
  private readonly notices: NotificationReads;
  private readonly highlights: HighlightReads;
  readonly limit: RateLimiter;

  constructor(private readonly deps: ExportServiceDeps) {
    this.reads = new AccountReads(deps.ds);
    this.users = new UserReads(deps.ds);
    this.media = new MediaReads(deps.ds);
    this.notices = new NotificationReads(deps.ds);
    this.highlights = new HighlightReads(deps.ds, new MemoryReads(deps.ds, new TimelineReads(deps.ds)));
    this.limit = createRateLimiter(deps.ds, { name: "export-account-1h", points: EXPORTS_PER_HOUR, durationSec: 3600 });
  }

  /** Counts one export against the account's hourly allowance; 429 (RATE_LIMITED) beyond it. */
  private async admit(userId: string): Promise<void> {
    await consumeAll([{ limiter: this.limit, key: userId }], (s) => this.limitMessage(s));
  }

  /**
   * Would an export be admitted now? Counts nothing; the same 429 as `admit` when not. The app
   * asks first so a refusal shows as a message instead of a downloaded error file, while the
   * export itself stays a plain browser download (docs/decisions/045-export-asks-first.md).
   */
  async check(viewer: Viewer): Promise<void> {
    const userId = viewer.userId;
    if (!userId) throw unauthenticated();
    const s = await this.limit.peek(userId);
    if (s.blocked) throw limitError(this.limitMessage(s.retryAfter), s.retryAfter, s.resetTime);
  }

  private limitMessage(retryAfter: number): string {
    return `You can download your data ${EXPORTS_PER_HOUR} times an hour. Please try again in ${waitText(retryAfter)}.`;
  }

  /** Everything the export holds, read for the signed-in person only. */
  private async plan(asker: Viewer): Promise<ExportPlan> {
    const user = await this.users.self(asker);
    if (!user) throw unauthenticated();
    const [timelines, memories, media, items, partners, notifications, photos, highlights] = await Promise.all([
      this.reads.ownTimelines(asker),
      this.reads.memoriesOfOwnTimelines(asker),
      this.reads.mediaOfOwnTimelines(asker),
      this.reads.mediaItemsOfOwnTimelines(asker),
      this.reads.partnersOfOwnTimelines(asker),
      this.notices.asShown(asker),
      user.profilePhotoId ? this.media.byIds(asker, [user.profilePhotoId]) : Promise.resolve([]),
      this.highlights.storedIds(asker, user.id),
    ]);
    return planExport({
      user,
      timelines,
      disclosed: await this.disclosed(asker, timelines),
      memories,
      media,
      items,
      partners,
      notifications,
      profilePhoto: photos[0] ?? null,
      highlights,
      now: this.deps.clock.now(),
    });
  }

  /**
   * The other side of each timeline as the person may learn it: the same rule as every other output
   * (docs/decisions/032-who-may-learn-whom.md), so a proposal made by id tells no address and a
   * sealed one names nobody.
   */
  private async disclosed(asker: Viewer, timelines: Timeline[]): Promise<Map<string, DisclosedPartner>> {
    const entries = await Promise.all(
      timelines.map(async (t): Promise<[string, DisclosedPartner]> => {
        const mine = t.createdById === asker.userId;
        return [
          t.id,
          {
            partnerId: mine ? collaboratorSeenBy(asker.userId, t) : t.createdById,
            invitedEmail: mine ? await invitedEmailSeenBy(asker, t) : null,
          },
        ];
      }),
    );
    return new Map(entries);
  }

  /**
   * Leaves out of the plan the files the store no longer has (a row whose file went missing), so
   * one lost object does not cut the whole download; the document marks them `file: null`.
   */
  private async onlyStored(plan: ExportPlan): Promise<ExportPlan> {
    const missing = new Set<string>();
    for (let i = 0; i < plan.files.length; i += STAT_BATCH) {
      const batch = plan.files.slice(i, i + STAT_BATCH);
      const stats = await Promise.all(batch.map((f) => this.deps.storage.stat(f.media.originalKey).catch(() => null)));
      stats.forEach((st, j) => {
        if (!st) missing.add(batch[j]!.path);
      });
    }
    if (!missing.size) return plan;
    this.deps.logger.warn({ missing: missing.size }, "export: stored originals missing, left out");
    for (const t of plan.document.timelines) {
      for (const m of t.memories) {
        if (m.file && missing.has(m.file)) m.file = null;
        m.media = m.media.filter((item) => !missing.has(item.file));
      }
    }
    if (plan.document.profile.photo && missing.has(plan.document.profile.photo)) plan.document.profile.photo = null;
    return { document: plan.document, files: plan.files.filter((f) => !missing.has(f.path)) };
  }

  /** Checks the allowance, reads the rows, and returns the zip as a stream. */
  async open(viewer: Viewer): Promise<ExportArchive> {
    const userId = viewer.userId;
    if (!userId) throw unauthenticated();
    await this.admit(userId);
    const plan = await this.onlyStored(await this.plan(viewer));
    const zip = new yazl.ZipFile();
    // an entry that fails mid-way (the store went away) ends the stream with the error, never a hang
    zip.on("error", (err: Error) => (zip.outputStream as Readable).destroy(err));
    const mtime = this.deps.clock.now();
    zip.addBuffer(Buffer.from(JSON.stringify(plan.document, null, 2)), "keepsake.json", { mtime });
    zip.addBuffer(Buffer.from(exportIndexHtml(plan.document)), "index.html", { mtime });
    for (const file of plan.files) {
      zip.addReadStreamLazy(file.path, { compress: false, mtime: file.mtime }, (cb) => {
        this.copyOf(file.media).then(
          (stream) => cb(null, stream),
          (err: unknown) => cb(err instanceof Error ? err : new Error(String(err)), null as unknown as Readable),
        );
      });
    }
    zip.end();
    const date = mtime.toISOString().slice(0, 10);
    return { filename: `keepsake-${plan.document.profile.username}-${date}.zip`, stream: zip.outputStream as Readable };
  }

  /** The bytes of one original for the zip: images re-encoded without GPS, the rest as stored. */
  private async copyOf(media: MediaFile): Promise<Readable> {
    const { storage } = this.deps;
    if (media.type === MediaType.IMAGE && HEIF.has(media.format)) {
      const original = await readAll(await storage.read(media.originalKey));
      const exif = await imageExif(original);
      // the JPEG's pixels are upright: its Orientation would turn them again
      const { IFD0, IFD2 } = await this.keptFrom(exif);
      delete IFD0.Orientation;
      return Readable.from([await exportHeifAsJpeg(original, { IFD0, IFD2 })]);
    }
    if (media.type !== MediaType.IMAGE || !REENCODED.has(media.format)) return storage.read(media.originalKey);
    const keep = await this.keptExif(media);
    const out = new PassThrough();
    const source = await storage.read(media.originalKey);
    const copy = exportImageCopy(media.format, keep);
    const fail = (err: Error) => out.destroy(err);
    source.on("error", fail);
    copy.on("error", fail);
    source.pipe(copy).pipe(out);
    return out;
  }

  /** The capture date and orientation of an original, read from its head only. */
  private async keptExif(media: MediaFile): Promise<KeptExif> {
    if (media.format !== "jpeg" && media.format !== "webp" && media.format !== "png") return { IFD0: {}, IFD2: {} };
    const end = Math.max(0, Math.min(media.bytes, EXIF_HEAD_BYTES) - 1);
    return this.keptFrom(await readAll(await this.deps.storage.read(media.originalKey, { start: 0, end })));
  }

  /** The capture date and orientation in a file's head, or in an EXIF block (`imageExif`). */
  private async keptFrom(head: Buffer | null): Promise<KeptExif> {
    const kept: KeptExif = { IFD0: {}, IFD2: {} };
    if (!head) return kept;
    try {
      const tags = (await exifr.parse(head, {
        pick: ["Orientation", "DateTime", "ModifyDate", "DateTimeOriginal", "CreateDate", "OffsetTimeOriginal"],
        reviveValues: false,
        translateValues: false,
      })) as Record<string, unknown> | undefined;
      if (!tags) return kept;
      const str = (v: unknown) =>
        typeof v === "string" && v.trim() ? v.trim() : typeof v === "number" ? String(v) : null;
      const set = (ifd: "IFD0" | "IFD2", name: string, v: unknown) => {
        const s = str(v);
        if (s) kept[ifd][name] = s;
      };
      set("IFD0", "Orientation", tags.Orientation);
      set("IFD0", "DateTime", tags.ModifyDate ?? tags.DateTime);
      set("IFD2", "DateTimeOriginal", tags.DateTimeOriginal);
      set("IFD2", "DateTimeDigitized", tags.CreateDate);
      set("IFD2", "OffsetTimeOriginal", tags.OffsetTimeOriginal);
    } catch (err) {
      // no readable EXIF: the copy simply carries none
      this.deps.logger.debug({ err }, "export: EXIF of an original could not be read");
    }
    return kept;
  }
}
