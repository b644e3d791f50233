import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { MediaStatus, MediaType } from "./media.enums.js";

/** Stored variants of one upload, by name → storage key (relative to DATA_DIR/media). */
export interface MediaVariants {
  thumb?: string;
  display?: string;
  poster?: string;
  video?: string;
}

/**
 * One uploaded file (docs/decisions/004-media-pipeline.md, 034-media-formats.md). The original is kept privately
 * (original_key) and never served; served images are WebP variants without EXIF, served videos carry no metadata. Bytes are only reachable through /media with a
 * signed URL and a fresh access check.
 */
@Entity({ name: "media_files" })
@Index("media_files_unattached_idx", ["createdAt"], { where: `"attached" = false` })
export class MediaFile {
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Index("media_files_owner_idx")
  @Column({ name: "owner_id", type: "uuid" })
  ownerId!: string;

  @Column({ type: "enum", enum: MediaType, enumName: "media_type" })
  type!: MediaType;

  /** Format of the original as detected from its content (jpeg, png, webp, mp4, webm, mov…). */
  @Column({ type: "varchar", length: 16 })
  format!: string;

  @Column({ type: "integer", nullable: true })
  width!: number | null;

  @Column({ type: "integer", nullable: true })
  height!: number | null;

  /** Size of the original in bytes. */
  @Column({
    type: "bigint",
    transformer: { to: (v: number) => v, from: (v: string | null) => (v == null ? null : Number(v)) },
  })
  bytes!: number;

  /** Bytes this upload takes on disk: the original plus every variant (for the storage quota). */
  @Column({
    name: "stored_bytes",
    type: "bigint",
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string | null) => (v == null ? 0 : Number(v)) },
  })
  storedBytes!: number;

  @Column({ name: "original_key", type: "varchar", length: 300 })
  originalKey!: string;

  @Column({ type: "jsonb", default: () => "'{}'" })
  variants!: MediaVariants;

  /** READY, or a video whose playable copy is still being made (PREPARING) or could not be (FAILED). */
  @Column({ type: "enum", enum: MediaStatus, enumName: "media_status", default: MediaStatus.READY })
  status!: MediaStatus;

  /**
   * When the camera says it was taken (capture-facts.ts): its clock reading "YYYY-MM-DDTHH:mm:ss",
   * with "+hh:mm" when the file gives the offset. Text, as a reading without an offset is no instant.
   */
  @Column({ name: "taken_at", type: "varchar", length: 25, nullable: true })
  takenAt!: string | null;

  /**
   * SHA-256 of the original as received (hex), to find the same photo added twice to one timeline
   * (docs/decisions/050-trip-uploads.md). Null for uploads stored before it was kept.
   */
  @Index("media_files_sha256_idx")
  @Column({ type: "char", length: 64, nullable: true })
  sha256!: string | null;

  /** True once a memory or a profile references it; unattached files are swept after an hour. */
  @Column({ type: "boolean", default: false })
  attached!: boolean;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt!: Date;
}
