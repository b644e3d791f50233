import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/**
 * One sign-in request: a link token and a 6-character code, both stored only as SHA-256 hashes
 * (docs/sign-in-requirements.md B8–B14). Bound to the normalised e-mail; single use; superseded by a newer
 * request; the code allows 5 tries. browser_proof_hash binds the link to the browser that asked
 * for it so that browser can sign in without the "Continue as" step (docs/decisions/002-sign-in-safety.md).
 */
@Entity({ name: "sign_in_tokens" })
@Index("sign_in_tokens_email_open_idx", ["email"], { where: `"consumed_at" IS NULL AND "superseded_at" IS NULL` })
export class SignInToken {
  @PrimaryGeneratedColumn("uuid")
  id!: string;

  @Column({ type: "varchar", length: 254 })
  email!: string;

  @Index("sign_in_tokens_token_hash_key", { unique: true })
  @Column({ name: "token_hash", type: "char", length: 64 })
  tokenHash!: string;

  @Column({ name: "code_hash", type: "char", length: 64 })
  codeHash!: string;

  @Column({ name: "code_attempts", type: "integer", default: 0 })
  codeAttempts!: number;

  @Column({ name: "browser_proof_hash", type: "char", length: 64, nullable: true })
  browserProofHash!: string | null;

  @Column({ type: "varchar", length: 16, default: "login" })
  purpose!: string;

  @CreateDateColumn({ name: "created_at", type: "timestamptz" })
  createdAt!: Date;

  @Column({ name: "expires_at", type: "timestamptz" })
  expiresAt!: Date;

  @Column({ name: "consumed_at", type: "timestamptz", nullable: true })
  consumedAt!: Date | null;

  @Column({ name: "superseded_at", type: "timestamptz", nullable: true })
  supersededAt!: Date | null;
}
