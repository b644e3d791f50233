import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { ConnectionArgs, connectionOf, pageRequest } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import type { MediaFile } from "../../entities/media-file.entity.js";
import { Media } from "../media/media.types.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { User } from "../../entities/user.entity.js";
import { Memory } from "../../entities/memory.entity.js";
import { memoryOrder } from "./memory-order.js";
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
  @Query(() => [Memory], {
    description:
      "memories of the caller's own timelines dated today's month and day in an earlier year, in the caller's time zone",
  })
  async onThisDay(@CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext): Promise<Memory[]> {
    const { timeZone } = await ctx.services.preferences.own(viewer);
    return ctx.services.memories.onThisDay(viewer, timeZone);
  }

  @Authorized()
  @Query(() => Memory, { nullable: true })
  memory(
    @Arg("id", () => ID) id: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Memory | null> {
    return ctx.services.memories.findVisible(viewer, id);
  }

  @Authorized()
  @Query(() => MemoryConnection, {
    description: "memories of a profile visible to the viewer, newest memoryDate first; own when identifier is null",
  })
  async profileMemories(
    @Arg("identifier", () => String, { nullable: true }) identifier: string | null,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MemoryConnection> {
    const req = pageRequest(args, memoryOrder("-memory_date"));
    const person = identifier
      ? await ctx.services.users.findByIdentifier(viewer, identifier)
      : await ctx.loaders.userById.load(viewer.userId!);
    const page = await ctx.services.memories.profileMemoriesPage(viewer, person, "-memory_date", req);
    return Object.assign(new MemoryConnection(), connectionOf(page, args), {
      count: () => ctx.services.memories.profileMemoryCount(viewer, person),
    });
  }

  @Authorized()
  @Mutation(() => CreateMemoryPayload)
  async createMemory(
    @Arg("input", () => CreateMemoryInput) input: CreateMemoryInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { memory: await ctx.services.memories.create(viewer, input) };
  }

  @Authorized()
  @Mutation(() => UpdateMemoryPayload)
  async updateMemory(
    @Arg("input", () => UpdateMemoryInput) input: UpdateMemoryInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { memory: await ctx.services.memories.update(viewer, input) };
  }

  @Authorized()
  @Mutation(() => DeleteMemoryPayload)
  deleteMemory(
    @Arg("input", () => DeleteMemoryInput) input: DeleteMemoryInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.memories.delete(viewer, input.id);
  }

  // ---- fields ------------------------------------------------------------------------------

  @FieldResolver(() => ID)
  timelineId(@Root() m: Memory): string {
    return m.timelineId;
  }

  // these answer at once from the rows the request has read (MemoryPresenter), else through a loader

  @FieldResolver(() => Timeline)
  timeline(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<Timeline | null> {
    return ctx.present.memory.timeline(m);
  }

  @FieldResolver(() => Media, { description: "the cover: the first of `media`" })
  cover(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<MediaFile | null> {
    return ctx.present.memory.media(m);
  }

  @FieldResolver(() => [Media], {
    description:
      "every photo and video of the memory (1 to 10) in the order its participants chose, the cover first (docs/decisions/051-several-photos-per-memory.md)",
  })
  media(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<MediaFile[]> {
    return ctx.present.memory.mediaList(m);
  }

  @FieldResolver(() => User)
  createdBy(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.present.memory.createdBy(m);
  }

  @FieldResolver(() => User, {
    nullable: true,
    description: "the timeline's other participant, who may write partnerMeaning (docs/decisions/027-two-voices.md)",
  })
  partner(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.present.memory.partner(m);
  }

  @FieldResolver(() => User, {
    nullable: true,
    description:
      "the other participant, when they last changed the creator's caption, place, date or media (docs/decisions/037-each-voice-its-authors.md)",
  })
  editedBy(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.present.memory.editedBy(m);
  }

  @FieldResolver(() => Boolean, {
    description: "whether the viewer created the memory and so may write its meaning (only they may)",
  })
  canWriteMeaning(@Root() m: Memory, @Ctx() ctx: GraphQLContext): boolean {
    return ctx.present.memory.canWriteMeaning(m);
  }

  @FieldResolver(() => Boolean, { description: "whether the viewer is the partner and may write partnerMeaning" })
  canWritePartnerMeaning(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.present.memory.canWritePartnerMeaning(m);
  }

  @FieldResolver(() => Boolean, { description: "memory creator or either participant" })
  canEdit(@Root() m: Memory, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.present.memory.canEdit(m);
  }
}
