import crypto from "node:crypto";
import { IsNull, type DataSource } from "typeorm";
import type { Env } from "../../config/env.js";
import { queryRows } from "../../db/query-rows.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, badInput, unauthenticated } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { Sealer } from "../../jobs/sealed.js";
import { consumeAll, createRateLimiter, limitKey, waitText, type RateLimiter } from "../../lib/rate-limit.js";
import { resolveSessionSecret } from "../../lib/session-secret.js";
import type { User } from "../../entities/user.entity.js";
import type { Asker } from "../access/access.service.js";
import { UserReads } from "../users/user.reads.js";
import { findOrCreateUser } from "./account.js";
import type { SessionPort } from "./auth.http.js";
import { claimPendingInvitations } from "./claim-invitations.js";
import { maskEmail, normalizeEmail } from "../../lib/email-address.js";
import {
  codeHash,
  newCode,
  newLinkToken,
  newProofNonce,
  normalizeCode,
  ownerDevice,
  ownerMark,
  sameDigest,
  sha256Hex,
} from "./sign-in-secrets.js";
import { SignInToken } from "../../entities/sign-in-token.entity.js";
import {
  SIGN_IN_MAIL_JOB,
  signInMailJob,
  type LinkLimitKeys,
  type SignInMailJob,
  type SignInSecrets,
} from "./sign-in-mail.job.js";
import type { Mailer } from "../../lib/mailer.js";

export const LINK_TTL_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
export const SENT_MESSAGE = "Please check your email for the login link!";
/** Links an address may receive from askers other than its owner's browsers (docs/decisions/032-who-may-learn-whom.md). */
export const OTHERS_HOURLY = 10;
export const OTHERS_DAILY = 40;

/** A link fails only by its own state: wrong codes never lock it (docs/decisions/032-who-may-learn-whom.md). */
export type LinkFailure = "invalid" | "expired" | "used" | "superseded";

/** Distinct copy per failure (docs/sign-in-requirements.md D23). */
export const LINK_FAILURES: Record<LinkFailure, string> = {
  invalid: "This sign-in link is invalid. Please request a new one.",
  expired: "This sign-in link has expired. Please request a new one.",
  used: "This sign-in link has already been used. Please request a new one.",
  superseded: "A newer sign-in link was sent. Please use the link in the latest e-mail.",
};

export const CODE_FAILURES = {
  none: "There is no active sign-in code for this address. Please request a new login link.",
  expired: "This code has expired. Please request a new login link.",
  locked: "Too many incorrect codes. Please request a new login link.",
  malformed: "Please enter the 6-character code from the e-mail.",
} as const;

export interface SignedIn {
  state: "signed_in";
  user: User;
  redirectTo: string;
  /** The link was used already, but by this very browser's account: nothing to do. */
  alreadySignedIn: boolean;
  /** The owner mark for this browser's cookie (`sign-in-secrets.ts` ownerMark); null when nothing changed. */
  ownerMark: string | null;
}

export interface NeedsConfirm {
  state: "confirm";
  /** "j•••@example.com": the account the link signs into (login-CSRF defence, docs/sign-in-requirements.md D21). */
  maskedEmail: string;
  /** The address this browser is signed in as now, when that is another account. */
  signedInAs: string | null;
}

export type VerifyOutcome = SignedIn | NeedsConfirm;

/** Who is asking, as the edges (REST, GraphQL) see it. */
export interface AuthCaller {
  ip: string;
  userId: string | null;
  /** The same-browser proof cookie's nonce, if the browser sent one. */
  proof?: string;
  /** The owner mark cookie, if the browser has one (set when it signed in). */
  device?: string;
  session: SessionPort;
}

export interface AuthServiceDeps {
  ds: DataSource;
  env: Env;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  jobs: JobQueue;
}

type TokenRow = Pick<
  SignInToken,
  "id" | "email" | "browserProofHash" | "codeAttempts" | "expiresAt" | "consumedAt" | "supersededAt"
>;

/**
 * Sign-in by e-mail link or code (docs/decisions/002-sign-in-safety.md, docs/decisions/002-sign-in-safety.md §5). The link never signs in by
 * being opened: the browser that asked for it proves so with its proof cookie, any other browser
 * confirms with a click. Tokens and codes are stored only as hashes, expire after 15 minutes on
 * the injected clock, are single use (atomic with account creation) and superseded by a newer
 * request. Every auth event is logged with hashed identifiers only.
 */
export class AuthService {
  private readonly key: string;
  private readonly sealer: Sealer;
  private readonly limits: Record<
    | "emailCooldown"
    | "emailHourly"
    | "emailDaily"
    | "othersHourly"
    | "othersDaily"
    | "ipHourly"
    | "verifyIp"
    | "codeEmail",
    RateLimiter
  >;

  constructor(private readonly deps: AuthServiceDeps) {
    const secret = resolveSessionSecret(deps.env);
    this.key = crypto.createHmac("sha256", secret).update("keepsake/auth/v1").digest("hex");
    this.sealer = new Sealer(secret);
    const rule = (name: string, points: number, durationSec: number) =>
      createRateLimiter(deps.ds, { name, points, durationSec });
    this.limits = {
      // per asker and address: the address's owner's browser (its owner mark), else the client network
      emailCooldown: rule("auth-email-cooldown", 1, deps.env.AUTH_EMAIL_COOLDOWN_SECONDS),
      emailHourly: rule("auth-email-1h", 5, 3600),
      emailDaily: rule("auth-email-1d", 20, 86_400),
      // per address, for every asker but its owner's browsers: what the mailbox receives from others
      othersHourly: rule("auth-email-others-1h", OTHERS_HOURLY, 3600),
      othersDaily: rule("auth-email-others-1d", OTHERS_DAILY, 86_400),
      ipHourly: rule("auth-email-ip-1h", deps.env.AUTH_IP_HOURLY_LIMIT, 3600),
      verifyIp: rule("auth-verify-ip-1h", deps.env.AUTH_IP_HOURLY_LIMIT, 3600),
      codeEmail: rule("auth-code-1h", 10, 3600),
    };
    deps.jobs.define(
      signInMailJob({
        ...deps,
        sealer: this.sealer,
        minutes: LINK_TTL_MINUTES,
        undeliverable: (limits) => this.refundLinkRequest(limits),
      }),
    );
  }

  /** A link request whose mail never went out no longer counts against its asker's or address's limits. */
  private async refundLinkRequest(limits: LinkLimitKeys | undefined): Promise<void> {
    if (!limits) return; // a job queued before its keys were sealed with it
    const { emailCooldown, emailHourly, emailDaily, othersHourly, othersDaily } = this.limits;
    await Promise.all([
      ...[emailCooldown, emailHourly, emailDaily].map((l) => l.refund(limits.asker)),
      ...(limits.others ? [othersHourly, othersDaily].map((l) => l.refund(limits.others!)) : []),
    ]);
  }

  get env(): Env {
    return this.deps.env;
  }

  /** A hashed reference for logs and limit keys: never the address itself. */
  ref(email: string): string {
    return limitKey(this.key, email);
  }

  /**
   * POST /api/auth/email. The answer is the same for every valid address (no account lookup
   * happens here at all). The mail is a job (sign-in-mail.job.ts): the request answers once the
   * token and the job are stored, and the queue delivers it, retrying while the link is valid
   * (docs/decisions/021-durable-jobs.md). Returns the nonce for the same-browser proof cookie.
   */
  async requestLink(
    input: unknown,
    caller: Pick<AuthCaller, "ip" | "proof" | "device">,
  ): Promise<{ message: string; proof: string }> {
    const email = normalizeEmail(input);
    if (!email) throw badInput("Please enter a valid email address");
    const emailKey = this.ref(email);
    const log = this.deps.logger.child({ emailRef: emailKey.slice(0, 16), ip: caller.ip });
    // Quotas per asker as well as per address: requests by others never spend what the owner's
    // browser may ask for (docs/decisions/032-who-may-learn-whom.md).
    const owner = ownerDevice(this.key, emailKey, caller.device);
    const askerKey = `${owner ? `device-${owner}` : caller.ip}:${emailKey}`;
    try {
      await consumeAll(
        [
          { limiter: this.limits.ipHourly, key: caller.ip },
          { limiter: this.limits.emailCooldown, key: askerKey },
          { limiter: this.limits.emailHourly, key: askerKey },
          { limiter: this.limits.emailDaily, key: askerKey },
          ...(owner
            ? []
            : [
                { limiter: this.limits.othersHourly, key: emailKey },
                { limiter: this.limits.othersDaily, key: emailKey },
              ]),
        ],
        (s) =>
          s <= 90
            ? `Please wait ${waitText(s)} before requesting another login link.`
            : `Too many login links requested. Please try again in ${waitText(s)}.`,
      );
    } catch (err) {
      log.warn({ event: "auth.link_rate_limited" }, "sign-in link refused by a rate limit");
      throw err;
    }

    const token = newLinkToken();
    const code = newCode();
    const proof = newProofNonce();
    const now = this.deps.clock.now();
    const tokenHash = sha256Hex(token);
    const tokenId = await this.deps.ds.transaction(async (m) => {
      // one request per address at a time, so "newest supersedes the rest" holds across processes
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('sign-in:' || $1))`, [email]);
      // only this browser's own older link (its proof cookie): a request by anyone else never
      // supersedes the link the address's owner is using (docs/decisions/032-who-may-learn-whom.md)
      if (caller.proof) {
        await m.query(
          `UPDATE "sign_in_tokens" SET "superseded_at" = $2
            WHERE "email" = $1 AND "browser_proof_hash" = $3 AND "consumed_at" IS NULL AND "superseded_at" IS NULL`,
          [email, now, sha256Hex(caller.proof)],
        );
      }
      const inserted = await m.getRepository(SignInToken).insert({
        email,
        tokenHash,
        codeHash: codeHash(this.key, code),
        browserProofHash: sha256Hex(proof),
        purpose: "login",
        expiresAt: new Date(now.getTime() + LINK_TTL_MINUTES * 60_000),
      });
      return String(inserted.identifiers[0]!.id);
    });
    log.info({ event: "auth.link_requested", tokenRef: tokenHash.slice(0, 12) }, "sign-in link requested");
    await this.deps.jobs.send<SignInMailJob>(SIGN_IN_MAIL_JOB, {
      tokenId,
      sealed: this.sealer.seal({
        token,
        code,
        limits: { asker: askerKey, others: owner ? null : emailKey },
      } satisfies SignInSecrets),
    });
    return { message: SENT_MESSAGE, proof };
  }

  /** GET /api/auth/verify: reads the link's state and never consumes it (docs/sign-in-requirements.md D18, D20). */
  async inspectLink(token: unknown, caller: AuthCaller): Promise<VerifyOutcome> {
    const row = await this.openRow(token, caller);
    if (!row.open) return this.linkFailed(row.failure, row.row, caller);
    return this.needsConfirm(row.row, caller);
  }

  /**
   * POST /api/auth/verify: signs in at once only when this browser holds the proof cookie of the
   * request; any other browser (or a mail scanner) gets the "Continue as …" step.
   */
  async verifyLink(token: unknown, caller: AuthCaller): Promise<VerifyOutcome> {
    const row = await this.openRow(token, caller);
    if (!row.open) return this.linkFailed(row.failure, row.row, caller);
    if (caller.proof && sameDigest(sha256Hex(caller.proof), row.row.browserProofHash)) {
      return this.consume("token_hash", row.tokenHash, caller, "link-same-browser");
    }
    return this.needsConfirm(row.row, caller);
  }

  /** POST /api/auth/verify/confirm: the person pressed "Continue as …" (any browser). */
  async confirmLink(token: unknown, caller: AuthCaller): Promise<SignedIn> {
    const tokenHash = this.tokenHashOf(token);
    await this.limitVerify(caller);
    if (!tokenHash) throw this.linkError("invalid");
    return this.consume("token_hash", tokenHash, caller, "link-confirmed");
  }

  /** POST /api/auth/code: the 6-character code from the same e-mail; 5 tries per request. */
  async signInWithCode(emailInput: unknown, codeInput: unknown, caller: AuthCaller): Promise<SignedIn> {
    const email = normalizeEmail(emailInput);
    if (!email) throw badInput("Please enter a valid email address");
    const emailKey = this.ref(email);
    await consumeAll(
      [
        { limiter: this.limits.verifyIp, key: caller.ip },
        { limiter: this.limits.codeEmail, key: emailKey },
      ],
      (s) => `Too many sign-in attempts. Please try again in ${waitText(s)}.`,
    );
    const code = normalizeCode(codeInput);
    if (!code) throw badInput(CODE_FAILURES.malformed, { reason: "malformed" });
    const now = this.deps.clock.now();
    const log = this.deps.logger.child({ emailRef: emailKey.slice(0, 16), ip: caller.ip });

    // count the attempt atomically before comparing: concurrent guesses all count (docs/sign-in-requirements.md X1).
    // Every open link of the address is tried (others' requests no longer supersede the owner's),
    // and each attempt counts against each of their codes.
    const attempts = await queryRows<{ id: string; code_hash: string; code_attempts: number }>(
      this.deps.ds.manager,
      `UPDATE "sign_in_tokens" SET "code_attempts" = "code_attempts" + 1
        WHERE "email" = $1 AND "consumed_at" IS NULL AND "superseded_at" IS NULL AND "purpose" = 'login'
          AND "code_attempts" < $3 AND "expires_at" > $2
        RETURNING "id", "code_hash", "code_attempts"`,
      [email, now, MAX_CODE_ATTEMPTS],
    );
    if (!attempts.length) {
      const open = await this.deps.ds.getRepository(SignInToken).findOne({
        where: { email, consumedAt: IsNull(), supersededAt: IsNull(), purpose: "login" },
        order: { createdAt: "DESC" },
      });
      const reason = !open
        ? "none"
        : open.codeAttempts >= MAX_CODE_ATTEMPTS
          ? "locked"
          : open.expiresAt.getTime() <= now.getTime()
            ? "expired"
            : "none";
      log.info({ event: "auth.code_failed", reason }, "sign-in code refused");
      throw badInput(CODE_FAILURES[reason], { reason });
    }
    const given = codeHash(this.key, code);
    const match = attempts.find((a) => sameDigest(given, a.code_hash.trim()));
    if (!match) {
      const attemptsLeft = MAX_CODE_ATTEMPTS - Math.min(...attempts.map((a) => a.code_attempts));
      log.info({ event: "auth.code_failed", reason: "wrong_code", attemptsLeft }, "wrong sign-in code");
      throw badInput(
        attemptsLeft > 0
          ? `Incorrect code. ${attemptsLeft} ${attemptsLeft === 1 ? "attempt" : "attempts"} left.`
          : CODE_FAILURES.locked,
        { reason: attemptsLeft > 0 ? "wrong_code" : "locked", attemptsLeft },
      );
    }
    return this.consume("id", match.id, caller, "code");
  }

  /** The caller's own account (a Viewer, or the auth caller's id within a sign-in). */
  currentUser(caller: Asker): Promise<User | null> {
    return new UserReads(this.deps.ds).self(caller);
  }

  /** Logged only: the edges destroy the session (docs/sign-in-requirements.md H37). */
  signedOut(caller: Pick<AuthCaller, "ip" | "userId">): void {
    this.deps.logger.info({ event: "auth.logout", userId: caller.userId, ip: caller.ip }, "signed out");
  }

  /**
   * "Sign out everywhere" (docs/sign-in-requirements.md H39, X2): every session of the
   * caller, in every browser and installed app, is destroyed (the session table's rows by user,
   * `IDX_session_user`); the edges then clear this browser's cookies. Returns how many ended.
   */
  async signOutEverywhere(caller: Pick<AuthCaller, "ip" | "userId">): Promise<number> {
    if (!caller.userId) throw unauthenticated();
    const rows = await queryRows<{ sid: string }>(
      this.deps.ds.manager,
      `DELETE FROM "session" WHERE "sess"->>'userId' = $1 RETURNING "sid"`,
      [caller.userId],
    );
    this.deps.logger.info(
      { event: "auth.logout_everywhere", userId: caller.userId, ip: caller.ip, sessions: rows.length },
      "signed out everywhere",
    );
    return rows.length;
  }

  // ---- internals ---------------------------------------------------------------------------

  private tokenHashOf(token: unknown): string | null {
    return typeof token === "string" && /^[A-Za-z0-9_-]{22,128}$/.test(token) ? sha256Hex(token) : null;
  }

  private async limitVerify(caller: Pick<AuthCaller, "ip">): Promise<void> {
    try {
      await consumeAll(
        [{ limiter: this.limits.verifyIp, key: caller.ip }],
        (s) => `Too many sign-in attempts. Please try again in ${waitText(s)}.`,
      );
    } catch (err) {
      this.deps.logger.warn(
        { event: "auth.verify_rate_limited", ip: caller.ip },
        "verification refused by a rate limit",
      );
      throw err;
    }
  }

  private failureOf(row: TokenRow, now: Date): LinkFailure | null {
    if (row.consumedAt) return "used";
    if (row.supersededAt) return "superseded";
    if (row.expiresAt.getTime() <= now.getTime()) return "expired";
    return null;
  }

  private async openRow(
    token: unknown,
    caller: AuthCaller,
  ): Promise<
    { open: true; row: TokenRow; tokenHash: string } | { open: false; failure: LinkFailure; row: TokenRow | null }
  > {
    const tokenHash = this.tokenHashOf(token);
    await this.limitVerify(caller);
    const row = tokenHash ? await this.deps.ds.getRepository(SignInToken).findOneBy({ tokenHash }) : null;
    if (!tokenHash || !row) return { open: false, failure: "invalid", row: null };
    const failure = this.failureOf(row, this.deps.clock.now());
    return failure ? { open: false, failure, row } : { open: true, row, tokenHash };
  }

  private linkError(failure: LinkFailure): AppError {
    return badInput(LINK_FAILURES[failure], { reason: failure });
  }

  /** A used link opened again by the browser it already signed in: "already signed in" (D23). */
  private async linkFailed(failure: LinkFailure, row: TokenRow | null, caller: AuthCaller): Promise<SignedIn> {
    if (failure === "used" && row && caller.userId) {
      const current = await this.currentUser(caller);
      if (current && current.email === row.email) {
        return {
          state: "signed_in",
          user: current,
          redirectTo: this.deps.env.AFTER_LOGIN_PATH,
          alreadySignedIn: true,
          ownerMark: null,
        };
      }
    }
    this.deps.logger.info({ event: "auth.link_failed", reason: failure, ip: caller.ip }, "sign-in link refused");
    throw this.linkError(failure);
  }

  private async needsConfirm(row: TokenRow, caller: AuthCaller): Promise<NeedsConfirm> {
    const current = await this.currentUser(caller);
    return {
      state: "confirm",
      maskedEmail: maskEmail(row.email),
      signedInAs: current && current.email !== row.email ? current.email : null,
    };
  }

  /**
   * The single use: one UPDATE … WHERE still open … RETURNING decides the winner among any number
   * of concurrent attempts; the account is found or created and pending invitations claimed in
   * the same transaction; then the session is regenerated for the user.
   */
  private async consume(by: "token_hash" | "id", value: string, caller: AuthCaller, via: string): Promise<SignedIn> {
    const now = this.deps.clock.now();
    // Wrong codes lock the code, never the link (docs/decisions/032-who-may-learn-whom.md); the
    // code path has already counted its (successful) attempt, so it may sit at the maximum.
    const codeStillOpen = by === "id" ? `AND "code_attempts" <= ${MAX_CODE_ATTEMPTS}` : "";
    const won = await this.deps.ds.transaction(async (m) => {
      const [row] = await queryRows<{ id: string; email: string }>(
        m,
        `UPDATE "sign_in_tokens" SET "consumed_at" = $2
          WHERE "${by}" = $1 AND "consumed_at" IS NULL AND "superseded_at" IS NULL
            AND "expires_at" > $2 ${codeStillOpen} AND "purpose" = 'login'
          RETURNING "id", "email"`,
        [value, now],
      );
      if (!row) return null;
      const { user, created } = await findOrCreateUser(m, row.email);
      const claimed = await claimPendingInvitations(m, user);
      return { user, created, claimed, tokenId: row.id };
    });
    if (!won) {
      const row = await this.deps.ds
        .getRepository(SignInToken)
        .findOneBy(by === "id" ? { id: value } : { tokenHash: value });
      return this.linkFailed((row && this.failureOf(row, now)) || "invalid", row, caller);
    }
    await caller.session.signIn(won.user.id, now);
    this.deps.logger.info(
      {
        event: "auth.signed_in",
        via,
        userId: won.user.id,
        accountCreated: won.created,
        invitationsClaimed: won.claimed.length,
        emailRef: this.ref(won.user.email).slice(0, 16),
        ip: caller.ip,
      },
      "signed in",
    );
    return {
      state: "signed_in",
      user: won.user,
      redirectTo: this.deps.env.AFTER_LOGIN_PATH,
      alreadySignedIn: false,
      ownerMark: ownerMark(this.key, this.ref(won.user.email), caller.device),
    };
  }
}
