import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";
import { MediaType } from "./media.enums.js";

/** Stored variants of one upload, by name → storage key (relative to DATA_DIR/media). */
export interface MediaVariants {
  thumb?: string;
  display?: string;
  poster?: string;
  video?: string;
}

/**
 * One uploaded file (docs/decisions/004-media-pipeline.md). The original is kept privately (original_key) and never served;
 * served images are WebP variants without EXIF. Bytes are only reachable through /media with a
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

  /** True once a memory or a profile references it; unattached files are swept after an hour. */
  @Column({ type: "boolean", default: false })
  attached!: boolean;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt!: Date;
}
