import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { Memory } from "../../entities/memory.entity.js";
import { User } from "../../entities/user.entity.js";
import { unauthenticated } from "../../lib/errors.js";
import { SetHighlightsPayload } from "./highlight.types.js";

/** `User.highlights` and `setHighlights` (docs/decisions/053-highlights.md): the highlights module adds them to User. */
@Resolver(() => User)
export class HighlightResolver {
  @FieldResolver(() => [Memory], {
    description:
      "The memories the person features on their profile, in their order: at most 6, only those the viewer may see.",
  })
  highlights(@Root() user: User, @CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext): Promise<Memory[]> {
    return ctx.services.highlights.of(viewer, user);
  }

  @Authorized()
  @Mutation(() => SetHighlightsPayload, {
    description:
      "Replaces one's highlights with these memories, in this order: at most 6, each once, each from one's own timelines (else BAD_USER_INPUT).",
  })
  async setHighlights(
    @Arg("memoryIds", () => [ID]) memoryIds: string[],
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SetHighlightsPayload> {
    await ctx.services.highlights.set(viewer, memoryIds);
    const user = await ctx.services.users.own(viewer);
    if (!user) throw unauthenticated();
    return { user };
  }
}
