import type { AuthChecker } from "type-graphql";
import { unauthenticated } from "../lib/errors.js";
import type { CallerContext } from "./caller-context.js";

/** `@Authorized()` means "signed in"; finer rules (participants, tiers) live in the services. */
export const authChecker: AuthChecker<CallerContext> = ({ context }) => {
  if (!context.userId) throw unauthenticated();
  return true;
};
