import type { AuthChecker } from "type-graphql";
import { unauthenticated } from "../lib/errors.js";
import type { GraphQLContext } from "../web/context.js";

/** `@Authorized()` means "signed in"; finer rules (participants, tiers) live in the services. */
export const authChecker: AuthChecker<GraphQLContext> = ({ context }) => {
  if (!context.userId) throw unauthenticated();
  return true;
};
