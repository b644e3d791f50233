import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { ConnectionArgs, connectionOf, pageRequest } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { viewerOf } from "../../graphql/current-viewer.js";
import type { MediaFile } from "../media/media-file.entity.js";
import { Media } from "../media/media.types.js";
import { Timeline } from "../timelines/timeline.entity.js";
import { User } from "../users/user.entity.js";
import { Memory } from "./memory.entity.js";
import { memoryOrder } from "./memory-order.js";
import { canEditMemory } from "./memory.service.js";
import { canWritePartnerMeaning, partnerSeenBy } from "./partner-note.js";
import {
  CreateMemoryInput,
  CreateMemoryPayload,
  DeleteMemoryInput,
  DeleteMemoryPayload,
  MemoryConnection,
  UpdateMemoryInput,
  UpdateMemoryPayload,
} from "./memory.types.js";

/** Every Memory value that leaves here belongs to a timeline the viewer may see. */
@Resolver(() => Memory)
export class MemoryResolver {
  @Authorized()
  @Query(() => Memory, { nullable: true })
  memory(@Arg("id", () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<Memory | null> {
    return ctx.services.memories.findVisible(viewerOf(ctx), id);
  }

  @Authorized()
  @Query(() => MemoryConnection, {
    description: "memories of a profile visible to the viewer, newest memoryDate first; own when identifier is null",
  })
  async profileMemories(
    @Arg("identifier", () => String, { nullable: true }) identifier: string | null,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MemoryConnection> {
    const req = pageRequest(args, memoryOrder("-memory_date"));
    const viewer = viewerOf(ctx);
    const person = identifier
      ? await ctx.services.users.findByIdentifier(viewer, identifier)
      : await ctx.loaders.userById.load(ctx.userId!);
    const page = await ctx.services.memories.profileMemoriesPage(viewer, person, "-memory_date", req);
    return Object.assign(new MemoryConnection(), connectionOf(page, args), {
      count: () => ctx.services.memories.profileMemoryCount(viewer, person),
    });
  }

  @Authorized()
  @Mutation(() => CreateMemoryPayload)
  async createMemory(@Arg("input", () => CreateMemoryInput) input: CreateMemoryInput, @Ctx() ctx: GraphQLContext) {
    return { memory: await ctx.services.memories.create(viewerOf(ctx), input) };
  }

  @Authorized()
  @Mutation(() => UpdateMemoryPayload)
  async updateMemory(@Arg("input", () => UpdateMemoryInput) input: UpdateMemoryInput, @Ctx() ctx: GraphQLContext) {
    return { memory: await ctx.services.memories.update(viewerOf(ctx), input) };
  }

  @Authorized()
  @Mutation(() => DeleteMemoryPayload)
  deleteMemory(@Arg("input", () => DeleteMemoryInput) input: DeleteMemoryInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.memories.delete(viewerOf(ctx), input.id);
  }

  // ---- fields ------------------------------------------------------------------------------

  @FieldResolver(() => ID)
  timelineId(@Root() m: Memory): string {
    return m.timelineId;
  }

  @FieldResolver(() => Timeline)
  async timeline(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<Timeline> {
    return (await ctx.loaders.timelineById.load(m.timelineId))!;
  }

  @FieldResolver(() => Media)
  async media(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<MediaFile> {
    return (await ctx.loaders.mediaById.load(m.mediaId))!;
  }

  @FieldResolver(() => User)
  async createdBy(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<User> {
    return (await ctx.loaders.userById.load(m.createdById))!;
  }

  @FieldResolver(() => User, {
    nullable: true,
    description: "the timeline's other participant, who may write partnerMeaning (docs/decisions/027-two-voices.md)",
  })
  async partner(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    const t = await ctx.loaders.timelineById.load(m.timelineId);
    const id = t ? partnerSeenBy(ctx.userId, m, t) : null;
    return id ? ctx.loaders.userById.load(id) : null;
  }

  @FieldResolver(() => Boolean, { description: "whether the viewer is the partner and may write partnerMeaning" })
  async canWritePartnerMeaning(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    if (!ctx.userId || m.createdById === ctx.userId) return false;
    const t = await ctx.loaders.timelineById.load(m.timelineId);
    return !!t && canWritePartnerMeaning(ctx.userId, m, t);
  }

  @FieldResolver(() => Boolean, { description: "memory creator or either participant" })
  async canEdit(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    if (!ctx.userId) return false;
    if (m.createdById === ctx.userId) return true;
    const t = await ctx.loaders.timelineById.load(m.timelineId);
    return !!t && canEditMemory(ctx.userId, m, t);
  }
}
