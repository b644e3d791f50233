import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { Memory } from "../../entities/memory.entity.js";

/**
 * `Memory.isNew`: added by the other participant since the viewer last opened its timeline
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md); one statement per request for
 * every memory asked (the timelines' loader), false for anyone but the two participants.
 */
@Resolver(() => Memory)
export class MemoryNewResolver {
  @FieldResolver(() => Boolean, {
    description: "added by the other participant since the viewer last opened the timeline (the viewer's own mark)",
  })
  async isNew(@Root() m: Memory, @CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    const viewerId = viewer.userId;
    if (!viewerId || m.createdById === viewerId) return false;
    const visit = await ctx.loaders.newSinceVisitByTimelineId.load(m.timelineId);
    if (visit.count === 0) return false;
    return visit.since === null || new Date(m.createdAt).getTime() > visit.since.getTime();
  }
}
