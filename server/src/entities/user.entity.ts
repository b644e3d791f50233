import { Field, ID, ObjectType } from "type-graphql";
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

/** A person. Created on the first successful sign-in (docs/sign-in-requirements.md E26). */
@ObjectType({ simpleResolvers: true })
@Entity({ name: "users" })
@Check("users_username_format", `"username" ~ '^[a-z0-9]{3,30}$'`)
@Check("users_email_lowercase", `"email" = lower("email")`)
export class User {
  @Field(() => ID)
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  /** Normalised (trimmed, lowercased). Exposed through a field resolver that applies docs/decisions/003-privacy-tiers.md. */
  @Index("users_email_key", { unique: true })
  @Column({ type: "varchar", length: 254 })
  email!: string;

  @Field(() => String)
  @Index("users_username_key", { unique: true })
  @Column({ type: "varchar", length: 30 })
  username!: string;

  @Field(() => String)
  @Column({ name: "display_name", type: "varchar", length: 1000 })
  displayName!: string;

  @Field(() => String, { nullable: true })
  @Column({ name: "full_name", type: "varchar", length: 200, nullable: true })
  fullName!: string | null;

  @Field(() => String)
  @Column({ type: "varchar", length: 5000, default: "" })
  bio!: string;

  /** The media row of the profile photo, if any (see MediaFile). Indexed for the /media check. */
  @Index("users_profile_photo_idx", { where: `"profile_photo_id" IS NOT NULL` })
  @Column({ name: "profile_photo_id", type: "uuid", nullable: true })
  profilePhotoId!: string | null;

  @ManyToOne(() => MediaFile, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "profile_photo_id" })
  profilePhoto?: MediaFile | null;

  @Field(() => Date)
  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt!: Date;

  @UpdateDateColumn({ name: "updated_at", type: "timestamptz" })
  updatedAt!: Date;
}
