import { ACCESS_NOT_FOUND, TITLE_MAX } from "@keepsake/contract";
import { badInput } from "../../lib/errors.js";
import { Privacy } from "../../entities/timeline.enums.js";

/**
 * The rules of a timeline's fields and the access page's texts (docs/product.md §3, §5); the limit
 * and the texts the client shows too come from the contract (docs/decisions/030-one-contract.md).
 */
export { TITLE_MAX };
export const PRIVACY_VALUES = Object.values(Privacy) as string[];

/**
 * docs/product.md §3 "Access-check result for a timeline". `privacy`, `title` and `otherUser` keep
 * their place in both APIs' shapes but are given only with access (`otherUser` never): a timeline one
 * may not see answers exactly as a missing one (docs/decisions/032-who-may-learn-whom.md).
 */
export interface TimelineAccessResult {
  canView: boolean;
  privacy: Privacy | null;
  title: string | null;
  message: string;
  actionUrl: string | null;
  actionText: string | null;
  otherUser: { name: string; email: string | null } | null;
}

export const ACCESS_MESSAGES = {
  granted: "You have access to this timeline.",
  notFound: ACCESS_NOT_FOUND,
} as const;

export function parsePrivacy(value: unknown, required: true): Privacy;
export function parsePrivacy(value: unknown, required: false): Privacy | undefined;
export function parsePrivacy(value: unknown, required: boolean): Privacy | undefined {
  if (value === undefined || value === null || value === "") {
    if (required) throw badInput("Choose who can see this timeline: private, semi-private or public");
    return undefined;
  }
  if (typeof value === "string" && PRIVACY_VALUES.includes(value)) return value as Privacy;
  throw badInput("Privacy must be private, semi-private or public");
}
