import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { ConnectionArgs, connectionOf, pageRequest } from "../../graphql/connection.js";
import { TIMELINE_ORDER } from "./timeline.reads.js";
import { User } from "../../entities/user.entity.js";
import { Timeline } from "../../entities/timeline.entity.js";
import {
  CreateTimelineInput,
  CreateTimelinePayload,
  DeleteTimelineInput,
  DeleteTimelinePayload,
  RespondToTimelineInput,
  RespondToTimelinePayload,
  TimelineAccess,
  TimelineConnection,
  UpdateTimelineInput,
  UpdateTimelinePayload,
} from "./timeline.types.js";

/**
 * Thin: each operation maps its arguments and calls one service method. Every Timeline value
 * that leaves here has passed the access policy, so its relation fields load without re-checks.
 */
@Resolver(() => Timeline)
export class TimelineResolver {
  @Authorized()
  @Query(() => TimelineConnection, { description: "the caller's own timelines, most recent activity first" })
  async timelines(
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    const page = await ctx.services.timelines.ownPage(viewer, pageRequest(args, TIMELINE_ORDER));
    return connectionOf(page, args);
  }

  @Authorized()
  @Query(() => Timeline, { nullable: true, description: "null when missing or not visible (no existence oracle)" })
  async timeline(
    @Arg("id", () => ID) id: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Timeline | null> {
    return ctx.services.timelines.findVisible(viewer, id);
  }

  @Authorized()
  @Query(() => TimelineAccess)
  timelineAccess(
    @Arg("id", () => ID) id: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TimelineAccess> {
    return ctx.services.timelines.access(viewer, id);
  }

  @Authorized()
  @Query(() => TimelineConnection, {
    description:
      "a user's accepted+active timelines visible to the viewer (public profile), most recent activity first",
  })
  async userTimelines(
    @Arg("identifier", () => String) identifier: string,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    const req = pageRequest(args, TIMELINE_ORDER);
    const person = await ctx.services.users.findByIdentifier(viewer, identifier);
    const page = await ctx.services.timelines.userTimelinesPage(viewer, person, req);
    return connectionOf(page, args);
  }

  @Authorized()
  @Mutation(() => CreateTimelinePayload)
  async createTimeline(
    @Arg("input", () => CreateTimelineInput) input: CreateTimelineInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { timeline: await ctx.services.timelines.create(viewer, input) };
  }

  @Authorized()
  @Mutation(() => UpdateTimelinePayload)
  async updateTimeline(
    @Arg("input", () => UpdateTimelineInput) input: UpdateTimelineInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { timeline: await ctx.services.timelines.update(viewer, input) };
  }

  @Authorized()
  @Mutation(() => DeleteTimelinePayload)
  async deleteTimeline(
    @Arg("input", () => DeleteTimelineInput) input: DeleteTimelineInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { deletedId: await ctx.services.timelines.delete(viewer, input.id) };
  }

  @Authorized()
  @Mutation(() => RespondToTimelinePayload)
  async acceptTimeline(
    @Arg("input", () => RespondToTimelineInput) input: RespondToTimelineInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { timeline: await ctx.services.timelines.respond(viewer, input.id, true) };
  }

  @Authorized()
  @Mutation(() => RespondToTimelinePayload)
  async rejectTimeline(
    @Arg("input", () => RespondToTimelineInput) input: RespondToTimelineInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { timeline: await ctx.services.timelines.respond(viewer, input.id, false) };
  }

  // ---- fields: computed by TimelinePresenter (./timeline.presenter.ts) ---------------------

  @FieldResolver(() => User)
  async createdBy(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Promise<User> {
    return (await ctx.present.timeline.createdBy(t))!;
  }

  @FieldResolver(() => User, {
    nullable: true,
    description:
      "null while the invited address has no account yet, and for the creator of a pending proposal made by e-mail to someone they shared nothing with",
  })
  collaborator(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.present.timeline.collaborator(t);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "the invited address; shown to the two participants only",
  })
  collaboratorEmail(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return ctx.present.timeline.collaboratorEmail(t);
  }

  @FieldResolver(() => [String], { description: "up to 3 signed thumb URLs, newest first" })
  previewImages(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): string[] {
    return ctx.present.timeline.previewImages(t);
  }

  @FieldResolver(() => Int)
  memoryCount(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.present.timeline.memoryCount(t);
  }

  @FieldResolver(() => Boolean, { description: "viewer is creator or collaborator" })
  isParticipant(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): boolean {
    return ctx.present.timeline.isParticipant(t);
  }

  @FieldResolver(() => Boolean, { description: "viewer is the invitee of a pending proposal" })
  canRespond(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): boolean {
    return ctx.present.timeline.canRespond(t);
  }
}
