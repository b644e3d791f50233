import { Field, ID, ObjectType } from "type-graphql";
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from "typeorm";
import { User } from "./user.entity.js";
import { Privacy, TimelineStatus } from "./timeline.enums.js";

/**
 * A timeline shared by a pair. The collaborator may not have an account yet: then
 * collaborator_id is null and collaborator_email holds the invited address (docs/decisions/007-notifications.md).
 * Accepted + active timelines are the edges of the connection web (docs/decisions/003-privacy-tiers.md).
 */
@ObjectType({ simpleResolvers: true })
@Entity({ name: "timelines" })
@Index("timelines_creator_edge_idx", ["createdById", "collaboratorId"], {
  where: `"status" = 'accepted' AND "is_active"`,
})
@Index("timelines_collaborator_edge_idx", ["collaboratorId", "createdById"], {
  where: `"status" = 'accepted' AND "is_active"`,
})
export class Timeline {
  @Field(() => ID)
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Field(() => String)
  @Column({ type: "varchar", length: 1000 })
  title!: string;

  @Field(() => TimelineStatus)
  @Column({ type: "enum", enum: TimelineStatus, enumName: "timeline_status", default: TimelineStatus.PENDING })
  status!: TimelineStatus;

  @Field(() => Boolean)
  @Column({ name: "is_active", type: "boolean", default: true })
  isActive!: boolean;

  @Field(() => Privacy)
  @Column({ type: "enum", enum: Privacy, enumName: "timeline_privacy", default: Privacy.PRIVATE })
  privacy!: Privacy;

  @Index("timelines_created_by_idx")
  @Column({ name: "created_by_id", type: "uuid" })
  createdById!: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "created_by_id" })
  createdBy?: User;

  @Index("timelines_collaborator_idx")
  @Column({ name: "collaborator_id", type: "uuid", nullable: true })
  collaboratorId!: string | null;

  @ManyToOne(() => User, { onDelete: "CASCADE", nullable: true })
  @JoinColumn({ name: "collaborator_id" })
  collaborator?: User | null;

  /** The invited address; kept when the account exists too (docs/product.md §3 collaborator_email). */
  @Index("timelines_collaborator_email_idx")
  @Column({ name: "collaborator_email", type: "varchar", length: 254 })
  collaboratorEmail!: string;

  /**
   * Proposed by e-mail to an account the creator did not already share a timeline with: while the
   * proposal is pending, the creator sees only the address they typed, exactly as for an address
   * without an account (docs/decisions/017-hostile-input.md, "Inviting by e-mail").
   */
  @Column({ name: "collaborator_sealed", type: "boolean", default: false })
  collaboratorSealed!: boolean;

  /**
   * The other participant deleted their account: the timeline stays with the one left, shown with
   * a "Former member" (docs/decisions/023-export-and-deletion.md).
   */
  @Field(() => Boolean, { description: 'the other participant deleted their account (shown as "Former member")' })
  @Column({ name: "former_member", type: "boolean", default: false })
  formerMember!: boolean;

  /**
   * A wider tier one participant asked for, waiting for the other's consent; `privacy` holds for
   * every read until then (docs/decisions/026-two-keys-privacy.md). Shown to the two participants
   * only (privacy-change.resolver.ts).
   */
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
  @Column({ name: "last_activity", type: "timestamptz", precision: 3, default: () => "now()" })
  lastActivity!: Date;

  /** Up to 3 media ids shown on the card (docs/product.md §9), maintained by the server on memory changes. */
  @Column({ name: "preview_media_ids", type: "uuid", array: true, default: () => "'{}'" })
  previewMediaIds!: string[];

  @Field(() => Date)
  @CreateDateColumn({ name: "created_at", type: "timestamptz", precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt!: Date;
}
