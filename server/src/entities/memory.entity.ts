import { Field, ID, Int, ObjectType } from "type-graphql";
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from "typeorm";
import { MediaFile } from "./media-file.entity.js";
import { Privacy } from "./timeline.enums.js";
import { Timeline } from "./timeline.entity.js";
import { User } from "./user.entity.js";

/** A photo or video with its words, inside one timeline (docs/product.md §3 Memory). */
@ObjectType({ simpleResolvers: true })
@Entity({ name: "memories" })
// The keyset orders of docs/decisions/024-paged-reads.md, each read per timeline from an index:
// newest/oldest memory_date first (an expression index, written in its migration), by position,
// by creation.
@Index("memories_timeline_order_idx", { synchronize: false })
@Index("memories_timeline_position_idx", ["timelineId", "position", "createdAt", "id"])
@Index("memories_timeline_created_idx", ["timelineId", "createdAt", "id"])
@Check("memories_position_positive", `"position" >= 1`)
export class Memory {
  @Field(() => ID)
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Column({ name: "timeline_id", type: "uuid" })
  timelineId!: string;

  @ManyToOne(() => Timeline, { onDelete: "CASCADE" })
  @JoinColumn({ name: "timeline_id" })
  timeline?: Timeline;

  @Index("memories_media_idx")
  @Column({ name: "media_id", type: "uuid" })
  mediaId!: string;

  @ManyToOne(() => MediaFile, { onDelete: "RESTRICT" })
  @JoinColumn({ name: "media_id" })
  media?: MediaFile;

  @Field(() => Int)
  @Column({ type: "integer" })
  position!: number;

  @Field(() => String)
  @Column({ type: "varchar", length: 5000, default: "" })
  caption!: string;

  @Field(() => String)
  @Column({ type: "varchar", length: 2000, default: "" })
  location!: string;

  /** YYYY-MM-DD; may be missing (docs/product.md §2: a missing date counts as the earliest). */
  @Field(() => String, { nullable: true })
  @Column({ name: "memory_date", type: "date", nullable: true })
  memoryDate!: string | null;

  @Field(() => String)
  @Column({ type: "varchar", length: 10000, default: "" })
  meaning!: string;

  /**
   * "Why this moment matters" in the words of the timeline's other participant, the one who did
   * not create the memory (docs/decisions/027-two-voices.md); null until they write it.
   */
  @Field(() => String, { nullable: true })
  @Column({ name: "partner_meaning", type: "varchar", length: 10000, nullable: true })
  partnerMeaning!: string | null;

  @Index("memories_created_by_idx")
  @Column({ name: "created_by_id", type: "uuid" })
  createdById!: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "created_by_id" })
  createdBy?: User;

  /**
   * The other person, when they last changed the creator's caption, place, date or media
   * (docs/decisions/037-each-voice-its-authors.md); null while the memory is all its creator's.
   */
  @Column({ name: "edited_by_id", type: "uuid", nullable: true })
  editedById!: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "edited_by_id" })
  editedBy?: User | null;

  /**
   * The memory's own tier, never wider than its timeline's when set; null = the timeline's. What
   * every read obeys is the narrower of the two (docs/decisions/052-memory-privacy.md).
   */
  @Column({ type: "enum", enum: Privacy, enumName: "timeline_privacy", nullable: true })
  privacy!: Privacy | null;

  /** A wider tier one participant asked for, waiting for the other's consent (as for timelines, 026). */
  @Column({ name: "pending_privacy", type: "enum", enum: Privacy, enumName: "timeline_privacy", nullable: true })
  pendingPrivacy!: Privacy | null;

  /** Who asked for `pendingPrivacy`, and when. */
  @Column({ name: "privacy_requested_by_id", type: "uuid", nullable: true })
  privacyRequestedById!: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "privacy_requested_by_id" })
  privacyRequestedBy?: User | null;

  @Column({ name: "privacy_requested_at", type: "timestamptz", precision: 3, nullable: true })
  privacyRequestedAt!: Date | null;

  @Field(() => Date)
  /** milliseconds, so a cursor carries it exactly (docs/decisions/024-paged-reads.md) */
  @CreateDateColumn({ name: "created_at", type: "timestamptz", precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt!: Date;
}
