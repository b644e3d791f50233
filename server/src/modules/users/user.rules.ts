import type { User } from "../../entities/user.entity.js";

/** The name a message (a notice, a mail, an invitation) uses for a person. */
export function nameOf(user: Pick<User, "displayName" | "username"> | null | undefined): string {
  return user?.displayName?.trim() || user?.username || "Someone";
}
