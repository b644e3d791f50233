import { Field, ID, ObjectType } from "type-graphql";
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Memory } from "./memory.entity.js";
import { Timeline } from "./timeline.entity.js";
import { User } from "./user.entity.js";
import { Privacy } from "./timeline.enums.js";
import { NotificationType, PrivacyRequestResolution } from "./notification.enums.js";

/**
 * Created by the server on each event (docs/decisions/007-notifications.md); never by the client's
 * say-so alone. Plain fields are read without a per-field wrapper (`simpleResolvers`: no field
 * middleware or `@Authorized` on them; docs/decisions/028-fast-graphql-path.md); the derived ones
 * are field resolvers in notification.resolver.ts.
 */
@ObjectType({ simpleResolvers: true })
@Entity({ name: "notifications" })
@Index("notifications_recipient_created_idx", ["recipientId", "createdAt", "id"])
@Index("notifications_recipient_unread_idx", ["recipientId"], { where: `"is_read" = false` })
// One memory_added notice per recipient, timeline and day; one friend notice per recipient, actor
// and day (docs/decisions/022-grouped-updates.md). The writes upsert on these.
@Index("notifications_memory_added_day_uq", ["recipientId", "relatedTimelineId", "groupDay"], {
  unique: true,
  where: `"type" = 'memory_added'`,
})
// One notice about a memory per recipient, type and day (a partner's note, docs/decisions/027-two-voices.md;
// a partner's edit, 037-each-voice-its-authors.md); led by the memory, so the cascade from a
// deleted memory finds its notices through it.
@Index("notifications_memory_day_uq", ["relatedMemoryId", "recipientId", "type", "groupDay"], {
  unique: true,
  where: `"related_memory_id" IS NOT NULL`,
})
@Index("notifications_friend_day_uq", ["recipientId", "relatedUserId", "groupDay"], {
  unique: true,
  where: `"type" IN ('timeline_created', 'photos_uploaded')`,
})
export class Notification {
  @Field(() => ID)
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Column({ name: "recipient_id", type: "uuid" })
  recipientId!: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "recipient_id" })
  recipient?: User;

  @Field(() => NotificationType)
  @Column({ type: "enum", enum: NotificationType, enumName: "notification_type" })
  type!: NotificationType;

  /**
   * The text when the notice was written. What is served is built when read from the actor's
   * and the timeline's current names (notification-message.ts); this stays as the fallback.
   */
  @Column({ type: "varchar", length: 5000 })
  message!: string;

  /** How many events a grouped notice stands for (memories added, photos uploaded); 1 otherwise. */
  @Column({ type: "int", default: 1 })
  count!: number;

  /** The UTC day a grouped notice collects; null for notices that are never grouped. */
  @Column({ name: "group_day", type: "date", nullable: true })
  groupDay!: string | null;

  @Field(() => Boolean)
  @Column({ name: "is_read", type: "boolean", default: false })
  isRead!: boolean;

  @Column({ name: "related_user_id", type: "uuid", nullable: true })
  relatedUserId!: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "related_user_id" })
  relatedUser?: User | null;

  @Field(() => ID, { nullable: true })
  @Index("notifications_related_timeline_idx")
  @Column({ name: "related_timeline_id", type: "uuid", nullable: true })
  relatedTimelineId!: string | null;

  @ManyToOne(() => Timeline, { onDelete: "CASCADE", nullable: true })
  @JoinColumn({ name: "related_timeline_id" })
  relatedTimeline?: Timeline | null;

  /**
   * The title of the timeline a notice is about, kept for a notice that outlives its timeline (a
   * withdrawn proposal), so its text is built when read like every other.
   */
  @Column({ name: "timeline_title", type: "varchar", length: 1000, nullable: true })
  timelineTitle!: string | null;

  /** The memory a partner-note notice (or a memory's privacy notice, 052) is about; the notice goes with the memory. */
  @Field(() => ID, {
    nullable: true,
    description: "the memory the notice is about (a memory's privacy request is answered on it)",
  })
  @Column({ name: "related_memory_id", type: "uuid", nullable: true })
  relatedMemoryId!: string | null;

  @ManyToOne(() => Memory, { onDelete: "CASCADE", nullable: true })
  @JoinColumn({ name: "related_memory_id" })
  relatedMemory?: Memory | null;
  /** The tier a privacy_* notice is about (docs/decisions/026-two-keys-privacy.md). */
  @Field(() => Privacy, { nullable: true, description: "the tier a privacy_* notice is about" })
  @Column({ type: "enum", enum: Privacy, enumName: "timeline_privacy", nullable: true })
  privacy!: Privacy | null;

  /** A privacy_request answered, withdrawn or replaced; null while it waits. */
  @Column({ type: "varchar", length: 16, nullable: true })
  resolution!: PrivacyRequestResolution | null;

  @Field(() => String, { nullable: true })
  @Column({ name: "action_url", type: "varchar", length: 500, nullable: true })
  actionUrl!: string | null;

  @Field(() => Date)
  /** milliseconds, so a cursor carries it exactly (docs/decisions/024-paged-reads.md) */
  @CreateDateColumn({ name: "created_at", type: "timestamptz", precision: 3 })
  createdAt!: Date;
}
