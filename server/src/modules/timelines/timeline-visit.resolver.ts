import {
  Arg,
  Authorized,
  Ctx,
  Field,
  FieldResolver,
  ID,
  Int,
  Mutation,
  ObjectType,
  Resolver,
  Root,
} from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { Timeline } from "../../entities/timeline.entity.js";

@ObjectType()
export class MarkTimelineVisitedPayload {
  @Field(() => Timeline)
  timeline!: Timeline;
}

/** "New since your last visit" on a timeline (docs/decisions/055-reminders-invite-links-and-new-marks.md). */
@Resolver(() => Timeline)
export class TimelineVisitResolver {
  @Authorized()
  @Mutation(() => MarkTimelineVisitedPayload, {
    description: "the caller opened the timeline: what the other person added so far is no longer new to them",
  })
  async markTimelineVisited(
    @Arg("timelineId", () => ID) timelineId: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MarkTimelineVisitedPayload> {
    return { timeline: await ctx.services.visits.markVisited(viewer, timelineId) };
  }

  @FieldResolver(() => Int, {
    description:
      "memories the other participant added since the viewer last opened the timeline; 0 for anyone but the two participants",
  })
  async newMemoryCount(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Promise<number> {
    return (await ctx.loaders.newSinceVisitByTimelineId.load(t.id)).count;
  }
}
