import crypto from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DataSource } from "typeorm";
import { poolOf } from "../db/data-source.js";
import { AppError, isAppError } from "./errors.js";

/**
 * Rate limits held in PostgreSQL (table "rate_limits", created by a migration), so every server
 * process shares the counters (docs/sign-in-requirements.md A3). A thin wrapper over rate-limiter-flexible.
 *
 * Time: the library reads the wall clock (Date.now()) itself; the injected Clock does not move
 * these windows. Tests that need a window to pass call `reset(key)`.
 */
export interface RateLimitRule {
  /** Distinguishes the counters of this rule in the shared table, e.g. "auth-email-cooldown". */
  name: string;
  /** Actions allowed per window. */
  points: number;
  /** Window length in seconds (fixed window, starting at the first action). */
  durationSec: number;
}

export interface RateLimitState {
  /** true when the next action would exceed the rule. */
  blocked: boolean;
  /** Whole seconds until the window resets (at least 1 while blocked). */
  retryAfter: number;
  resetTime: Date;
  /** Points counted in the current window. */
  used: number;
}

export interface RateLimiter {
  readonly rule: RateLimitRule;
  /** Read-only: would one more action be refused? */
  peek(key: string): Promise<RateLimitState>;
  /** Counts one action; throws AppError RATE_LIMITED {retryAfter, resetTime} when over the rule. */
  consume(key: string, message: string): Promise<void>;
  /** Forgets the key's counter (an action that did not happen, or a test moving past a window). */
  reset(key: string): Promise<void>;
  /** Gives back one counted action (one that came to nothing through no fault of the person). */
  refund(key: string): Promise<void>;
  /** Counts `points` at once without refusing (an amount known only afterwards, e.g. bytes received). */
  add(key: string, points: number): Promise<void>;
}

/**
 * 429 with `{error, message, retryAfter, resetTime}` (docs/product.md §7 reads all four; the error handler
 * adds `Retry-After: retryAfter`). Same fields as lib/errors.ts `rateLimited`, plus `message`.
 */
export function limitError(message: string, retryAfter: number, resetTime: Date): AppError {
  return new AppError("RATE_LIMITED", message, { message, retryAfter, resetTime: resetTime.toISOString() });
}

function stateOf(res: RateLimiterRes, blocked: boolean): RateLimitState {
  const ms = Math.max(res.msBeforeNext, 0);
  return {
    blocked,
    retryAfter: blocked ? Math.max(1, Math.ceil(ms / 1000)) : 0,
    resetTime: new Date(Date.now() + ms),
    used: res.consumedPoints,
  };
}

export function createRateLimiter(ds: DataSource, rule: RateLimitRule): RateLimiter {
  const limiter = new RateLimiterPostgres({
    storeClient: poolOf(ds),
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.durationSec,
  });
  return {
    rule,
    async peek(key) {
      const res = await limiter.get(key);
      if (!res) return { blocked: false, retryAfter: 0, resetTime: new Date(), used: 0 };
      return stateOf(res, res.consumedPoints >= rule.points);
    },
    async consume(key, message) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          const s = stateOf(err, true);
          throw limitError(message, s.retryAfter, s.resetTime);
        }
        throw err;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async add(key, points) {
      if (points > 0) await limiter.penalty(key, points);
    },
  };
}

/**
 * Several rules for one action: checks all first (so a refused request does not eat into the
 * other rules' allowances), then counts one action on each. Throws RATE_LIMITED with the
 * longest wait when any rule refuses.
 */
export async function consumeAll(
  entries: Array<{ limiter: RateLimiter; key: string }>,
  message: (retryAfter: number) => string,
): Promise<void> {
  const states = await Promise.all(entries.map((e) => e.limiter.peek(e.key)));
  const worst = states.filter((s) => s.blocked).sort((a, b) => b.retryAfter - a.retryAfter)[0];
  if (worst) throw limitError(message(worst.retryAfter), worst.retryAfter, worst.resetTime);
  for (const e of entries) {
    try {
      await e.limiter.consume(e.key, "");
    } catch (err) {
      // lost a race with a concurrent request: same answer as a refusal found by peek
      if (isAppError(err) && err.code === "RATE_LIMITED") {
        const retryAfter = err.details.retryAfter as number;
        throw limitError(message(retryAfter), retryAfter, new Date(err.details.resetTime as string));
      }
      throw err;
    }
  }
}

/** "30 seconds" / "5 minutes": for rate-limit messages. */
export function waitText(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A stable, non-reversible key for a personal value (an e-mail address) in the limits table. */
export function limitKey(secret: string, value: string): string {
  return crypto.createHmac("sha256", secret).update(value).digest("hex").slice(0, 40);
}

/** The client address as a limit key: IPv4 as is, IPv6 grouped by its /64 (docs/sign-in-requirements.md A3). */
export function ipKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("%")[0]!.split("::");
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const full = ip.includes("::") ? [...h, ...Array(8 - h.length - t.length).fill("0"), ...t] : h;
  return (
    full
      .slice(0, 4)
      .map((p) => p.toLowerCase().replace(/^0+(?=.)/, ""))
      .join(":") + "::/64"
  );
}
