import type { User } from "../../entities/user.entity.js";
import { FORMER_MEMBER } from "../access/disclosure.js";

/**
 * The name a message (a notice, a mail, an invitation, the export) uses for a person; a person who
 * is gone (their account deleted) is "Former member" (docs/decisions/032-who-may-learn-whom.md).
 */
export function nameOf(user: Pick<User, "displayName" | "username"> | null | undefined): string {
  return user?.displayName?.trim() || user?.username || FORMER_MEMBER;
}
