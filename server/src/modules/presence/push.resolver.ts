import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { PushSubscriptionInput } from "./push.types.js";

/** Web Push subscriptions, one per device (docs/decisions/035-presence.md). */
@Resolver()
export class PushResolver {
  @Query(() => String, { nullable: true, description: "The VAPID key to subscribe with; null when push is off here" })
  pushPublicKey(@Ctx() ctx: GraphQLContext): string | null {
    return ctx.services.push.publicKey;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "This device's subscription; removed when this session logs out" })
  async subscribePush(
    @Arg("input", () => PushSubscriptionInput) input: PushSubscriptionInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await ctx.services.push.subscribe(viewer, ctx.req.sessionID ?? null, input);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "True when a subscription of the caller's was removed" })
  unsubscribePush(
    @Arg("endpoint", () => String) endpoint: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.push.unsubscribe(viewer, endpoint);
  }
}
