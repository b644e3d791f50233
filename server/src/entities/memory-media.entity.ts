import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { MediaFile } from "./media-file.entity.js";
import { Memory } from "./memory.entity.js";

/**
 * One photo or video of a memory, in the order its participants chose
 * (docs/decisions/051-several-photos-per-memory.md): position 0 is the cover, which
 * `memories.media_id` repeats. A file is on one memory at most.
 */
@Entity({ name: "memory_media" })
@Index("memory_media_position_uq", ["memoryId", "position"], { unique: true })
@Index("memory_media_file_uq", ["mediaFileId"], { unique: true })
@Check("memory_media_position_range", `"position" >= 0 AND "position" < 10`)
export class MemoryMedia {
  @PrimaryColumn({ name: "memory_id", type: "uuid" })
  memoryId!: string;

  @ManyToOne(() => Memory, { onDelete: "CASCADE" })
  @JoinColumn({ name: "memory_id" })
  memory?: Memory;

  @PrimaryColumn({ name: "media_file_id", type: "uuid" })
  mediaFileId!: string;

  @ManyToOne(() => MediaFile, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "media_file_id" })
  mediaFile?: MediaFile;

  /** 0 (the cover) to 9 */
  @Column({ type: "integer" })
  position!: number;
}
