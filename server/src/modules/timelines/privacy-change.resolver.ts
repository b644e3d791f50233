import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { User } from "../../entities/user.entity.js";
import { RespondToPrivacyChangeInput, RespondToPrivacyChangePayload } from "./privacy-change.types.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { Privacy } from "../../entities/timeline.enums.js";

/**
 * Two keys to widen (docs/decisions/026-two-keys-privacy.md): the answer to a request, and the
 * request itself as the two participants see it (anyone else sees nothing of it).
 */
@Resolver(() => Timeline)
export class PrivacyChangeResolver {
  @Authorized()
  @Mutation(() => RespondToPrivacyChangePayload, {
    description: "the other participant accepts or declines a pending wider tier",
  })
  async respondToPrivacyChange(
    @Arg("input", () => RespondToPrivacyChangeInput) input: RespondToPrivacyChangeInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    const timeline = await ctx.services.privacyChanges.respond(viewer, input.id, input.accept, input.privacy);
    return { timeline };
  }

  @FieldResolver(() => Privacy, {
    nullable: true,
    description: "a wider tier one participant asked for; `privacy` holds until the other accepts (participants only)",
  })
  pendingPrivacy(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Privacy | null {
    return ctx.present.timeline.pendingPrivacy(t);
  }

  @FieldResolver(() => User, { nullable: true, description: "who asked for `pendingPrivacy` (participants only)" })
  privacyRequestedBy(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.present.timeline.privacyRequestedBy(t);
  }

  @FieldResolver(() => Date, { nullable: true, description: "when `pendingPrivacy` was asked for (participants only)" })
  privacyRequestedAt(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Date | null {
    return ctx.present.timeline.privacyRequestedAt(t);
  }
}
