import type { DataSource } from "typeorm";
import { badInput } from "../../lib/errors.js";
import { consumeAll, createRateLimiter, waitText, type RateLimiter } from "../../lib/rate-limit.js";
import { normalizeEmail } from "../../lib/email-address.js";

/**
 * Looking people up without turning the app into an oracle (docs/decisions/017-hostile-input.md):
 * the strict forms of `GET /api/users/filter`, the per-account limit on searches and lookups,
 * and "who shares a timeline with the caller", which decides whether a lookup by e-mail finds
 * anyone at all.
 */

export const FILTER_LIMIT = 50;
export const INVALID_FILTER = "Invalid filter";

/** `GET /api/users/filter` criteria after parsing: only the docs/product.md §7 forms. */
export interface UserFilter {
  /** `email=<one>` or `email={"$in":[…]}` (at most 50), normalised; invalid addresses dropped. */
  emails?: string[];
  /** `email={"$ne":…}`: everyone (the caller may see) but this address. */
  notEmail?: string;
  /** `username=<one>`. */
  username?: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The query of `GET /api/users/filter`: `email` as one address, `{"$in":[…]}` (1–50 strings) or
 * `{"$ne":"…"}`; `username` as one value. Anything else — other parameters, unknown operators,
 * repeated parameters (arrays), more than 50 addresses — is 400 "Invalid filter".
 */
export function parseUserFilter(query: Record<string, unknown>): UserFilter {
  const keys = Object.keys(query);
  if (keys.length === 0) throw badInput("Filter by email or username");
  if (keys.some((k) => k !== "email" && k !== "username")) throw badInput(INVALID_FILTER);
  const out: UserFilter = {};
  if (query.username !== undefined) {
    if (typeof query.username !== "string") throw badInput(INVALID_FILTER);
    out.username = query.username.trim().toLowerCase();
  }
  if (query.email !== undefined) {
    if (typeof query.email !== "string") throw badInput(INVALID_FILTER);
    const raw = query.email.trim();
    if (raw.startsWith("[")) throw badInput(INVALID_FILTER);
    if (!raw.startsWith("{")) {
      out.emails = [normalizeEmail(raw)].filter((e): e is string => !!e);
      return out;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw badInput(INVALID_FILTER);
    }
    if (!isPlainObject(value)) throw badInput(INVALID_FILTER);
    const ops = Object.keys(value);
    if (ops.length !== 1 || (ops[0] !== "$in" && ops[0] !== "$ne")) throw badInput(INVALID_FILTER);
    if (ops[0] === "$in") {
      const list = value.$in;
      if (!Array.isArray(list) || list.length === 0 || list.length > FILTER_LIMIT) {
        throw badInput(`email.$in must list 1 to ${FILTER_LIMIT} addresses`);
      }
      if (list.some((e) => typeof e !== "string")) throw badInput(INVALID_FILTER);
      out.emails = [...new Set(list.map(normalizeEmail).filter((e): e is string => !!e))];
    } else {
      if (typeof value.$ne !== "string") throw badInput(INVALID_FILTER);
      out.notEmail = normalizeEmail(value.$ne) ?? value.$ne.trim().toLowerCase();
    }
  }
  return out;
}

/** Searches and lookups per account: enough for typing a name, far too few to walk the directory. */
export const LOOKUP_RULES = [
  { name: "people-lookup-minute", points: 30, durationSec: 60 },
  { name: "people-lookup-day", points: 300, durationSec: 24 * 60 * 60 },
] as const;

export class PeopleLookupLimit {
  private readonly limiters: RateLimiter[];

  constructor(ds: DataSource) {
    this.limiters = LOOKUP_RULES.map((rule) => createRateLimiter(ds, rule));
  }

  /** Counts one search or filter for the account; 429 `{error, message, retryAfter, resetTime}` when over. */
  consume(userId: string): Promise<void> {
    return consumeAll(
      this.limiters.map((limiter) => ({ limiter, key: userId })),
      (s) => `Too many searches. Please wait ${waitText(s)}.`,
    );
  }

  /** Forgets the account's counters (tests moving past a window). */
  async reset(userId: string): Promise<void> {
    await Promise.all(this.limiters.map((l) => l.reset(userId)));
  }
}
