import { Arg, Args, Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { ConnectionArgs, connectionOf, pageRequest } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../web/context.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { memoryOrder, type MemorySort } from "./memory-order.js";
import { MemoryConnection, MemoryMonth, MemoryOrder } from "./memory.types.js";

/** `Timeline.memories`: the memories module adds its page to the Timeline type, so timelines need not know memories. */
@Resolver(() => Timeline)
export class TimelineMemoriesResolver {
  @FieldResolver(() => MemoryConnection, {
    description: "in pages; newest memoryDate first (missing date last) by default",
  })
  async memories(
    @Root() t: Timeline,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @Arg("order", () => MemoryOrder, { defaultValue: MemoryOrder.NEWEST_FIRST }) order: MemoryOrder,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MemoryConnection> {
    const sort = order as MemorySort;
    const req = pageRequest(args, memoryOrder(sort));
    const page = await ctx.loaders.memoryPageByTimeline.load({ timelineId: t.id, sort, ...req });
    return Object.assign(new MemoryConnection(), connectionOf(page, args), {
      count: () => ctx.loaders.memoryCountByTimelineId.load(t.id),
    });
  }

  @FieldResolver(() => [MemoryMonth], {
    description:
      "how many memories each month holds, newest month first and undated last (the default order of memories)",
  })
  memoryMonths(@Root() t: Timeline, @Ctx() ctx: GraphQLContext): Promise<MemoryMonth[]> {
    return ctx.loaders.memoryMonthsByTimelineId.load(t.id);
  }
}
