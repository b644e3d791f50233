import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { Memory } from "../../entities/memory.entity.js";
import { Privacy } from "../../entities/timeline.enums.js";
import { User } from "../../entities/user.entity.js";
import { RespondToMemoryPrivacyChangeInput, RespondToMemoryPrivacyChangePayload } from "./memory-privacy.types.js";

/**
 * A memory's own tier (docs/decisions/052-memory-privacy.md): the answer to a request to widen it,
 * and the tier and the request as the two participants see them (anyone else sees null).
 */
@Resolver(() => Memory)
export class MemoryPrivacyResolver {
  @Authorized()
  @Mutation(() => RespondToMemoryPrivacyChangePayload, {
    description: "the other participant accepts or declines a pending wider tier for a memory",
  })
  async respondToMemoryPrivacyChange(
    @Arg("input", () => RespondToMemoryPrivacyChangeInput) input: RespondToMemoryPrivacyChangeInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    const memory = await ctx.services.memoryPrivacy.respond(viewer, input.id, input.accept, input.privacy);
    return { memory };
  }

  @FieldResolver(() => Privacy, {
    nullable: true,
    description: "the memory's own tier, never wider than its timeline's; null = the timeline's (participants only)",
  })
  privacy(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<Privacy | null> {
    return ctx.present.memoryPrivacy.privacy(m);
  }

  @FieldResolver(() => Privacy, {
    nullable: true,
    description: "the tier every read obeys: the narrower of the memory's and its timeline's (participants only)",
  })
  effectivePrivacy(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<Privacy | null> {
    return ctx.present.memoryPrivacy.effectivePrivacy(m);
  }

  @FieldResolver(() => Boolean, {
    description: "the memory is seen by fewer people than its timeline (a lock on the strip; participants only)",
  })
  narrowerThanTimeline(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.present.memoryPrivacy.narrowerThanTimeline(m);
  }

  @FieldResolver(() => Privacy, {
    nullable: true,
    description:
      "a wider tier one participant asked for; the current tier holds until the other accepts (participants only)",
  })
  pendingPrivacy(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<Privacy | null> {
    return ctx.present.memoryPrivacy.pendingPrivacy(m);
  }

  @FieldResolver(() => User, { nullable: true, description: "who asked for `pendingPrivacy` (participants only)" })
  privacyRequestedBy(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.present.memoryPrivacy.privacyRequestedBy(m);
  }

  @FieldResolver(() => Date, { nullable: true, description: "when `pendingPrivacy` was asked for (participants only)" })
  privacyRequestedAt(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<Date | null> {
    return ctx.present.memoryPrivacy.privacyRequestedAt(m);
  }
}
