import { registerEnumType } from "type-graphql";
import { badInput } from "../../lib/errors.js";
import { isUuid } from "../../lib/uuid.js";

/** How often push notes come (docs/decisions/035-presence.md). Values as stored and as REST speaks them. */
export enum PushFrequency {
  OFF = "off",
  HOURLY = "hourly",
  DAILY = "daily",
}

/** How often the e-mail digest comes. */
export enum DigestFrequency {
  OFF = "off",
  DAILY = "daily",
  WEEKLY = "weekly",
}

registerEnumType(PushFrequency, { name: "PushFrequency" });
registerEnumType(DigestFrequency, { name: "DigestFrequency" });

export interface Preferences {
  push: PushFrequency;
  emailDigest: DigestFrequency;
  /** 0–23, in `timeZone`: when the daily push note and the digest go. */
  digestHour: number;
  /** IANA zone; null until the person's browser has told it (UTC meanwhile). */
  timeZone: string | null;
  /** Quiet hours, [quietStart, quietEnd) in `timeZone`; none when equal. */
  quietStart: number;
  quietEnd: number;
  mutedTimelineIds: string[];
}

export const DEFAULT_PREFERENCES: Preferences = {
  push: PushFrequency.OFF,
  emailDigest: DigestFrequency.OFF,
  digestHour: 8,
  timeZone: null,
  quietStart: 22,
  quietEnd: 8,
  mutedTimelineIds: [],
};

export const MAX_MUTED_TIMELINES = 500;

/** A change: every field optional, values as they came (checked by `checkPreferences`). */
export type PreferencesChange = { [K in keyof Preferences]?: unknown };

const oneOf = <T extends string>(field: string, values: readonly T[], v: unknown): T => {
  if (typeof v === "string" && (values as readonly string[]).includes(v)) return v as T;
  throw badInput(`${field} must be one of ${values.join(", ")}`, { field });
};

const hour = (field: string, v: unknown): number => {
  if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 23) return v;
  throw badInput(`${field} must be a whole hour from 0 to 23`, { field });
};

/** True for a time zone this runtime knows (an IANA name such as Pacific/Auckland, or UTC). */
export function isTimeZone(v: unknown): v is string {
  if (typeof v !== "string" || v.length === 0 || v.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/**
 * The preferences after `change`, or a 400 naming the first wrong field (REST names them as
 * `fieldNames` says). Absent (undefined) fields keep their value.
 */
export function checkPreferences(
  current: Preferences,
  change: PreferencesChange,
  fieldNames: Record<keyof Preferences, string>,
): Preferences {
  const next = { ...current };
  const has = (k: keyof Preferences) => change[k] !== undefined;
  if (has("push")) next.push = oneOf(fieldNames.push, Object.values(PushFrequency), change.push);
  if (has("emailDigest"))
    next.emailDigest = oneOf(fieldNames.emailDigest, Object.values(DigestFrequency), change.emailDigest);
  if (has("digestHour")) next.digestHour = hour(fieldNames.digestHour, change.digestHour);
  if (has("quietStart")) next.quietStart = hour(fieldNames.quietStart, change.quietStart);
  if (has("quietEnd")) next.quietEnd = hour(fieldNames.quietEnd, change.quietEnd);
  if (has("timeZone")) {
    if (!isTimeZone(change.timeZone)) {
      throw badInput(`${fieldNames.timeZone} must be a time zone such as Europe/Paris`, {
        field: fieldNames.timeZone,
      });
    }
    next.timeZone = change.timeZone;
  }
  if (has("mutedTimelineIds")) {
    const ids = change.mutedTimelineIds;
    if (!Array.isArray(ids) || ids.length > MAX_MUTED_TIMELINES || !ids.every(isUuid)) {
      throw badInput(`${fieldNames.mutedTimelineIds} must be a list of at most ${MAX_MUTED_TIMELINES} timeline ids`, {
        field: fieldNames.mutedTimelineIds,
      });
    }
    next.mutedTimelineIds = [...new Set(ids.map((id) => id.toLowerCase()))];
  }
  return next;
}

/** The REST names of the fields (docs/decisions/035-presence.md). */
export const REST_FIELDS: Record<keyof Preferences, string> = {
  push: "push",
  emailDigest: "email_digest",
  digestHour: "digest_hour",
  timeZone: "time_zone",
  quietStart: "quiet_start",
  quietEnd: "quiet_end",
  mutedTimelineIds: "muted_timeline_ids",
};

/** The GraphQL names of the fields. */
export const GRAPHQL_FIELDS: Record<keyof Preferences, string> = {
  push: "push",
  emailDigest: "emailDigest",
  digestHour: "digestHour",
  timeZone: "timeZone",
  quietStart: "quietStart",
  quietEnd: "quietEnd",
  mutedTimelineIds: "mutedTimelineIds",
};

/** The local hour and date of `at` in `timeZone` (UTC when null). */
export function localTime(at: Date, timeZone: string | null): { date: string; hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timeZone ?? "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
    weekday: "short",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { date: `${get("year")}-${get("month")}-${get("day")}`, hour: Number(get("hour")), weekday };
}

/** Is `hour` inside quiet hours [start, end)? None when start equals end; may wrap past midnight. */
export function isQuietHour(hour: number, p: Pick<Preferences, "quietStart" | "quietEnd">): boolean {
  if (p.quietStart === p.quietEnd) return false;
  return p.quietStart < p.quietEnd
    ? hour >= p.quietStart && hour < p.quietEnd
    : hour >= p.quietStart || hour < p.quietEnd;
}
