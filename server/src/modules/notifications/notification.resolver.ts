import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { ConnectionArgs, connectionOf, pageRequest } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { viewerOf } from "../../graphql/current-viewer.js";
import { User } from "../users/user.entity.js";
import { Notification } from "./notification.entity.js";
import { messageOf, privacyRequestState } from "./notification-message.js";
import { PrivacyRequestState } from "./notification.enums.js";
import { Privacy } from "../timelines/timeline.enums.js";
import { NOTIFICATION_ORDER } from "../access/notification.reads.js";
import {
  MarkAllNotificationsReadPayload,
  MarkNotificationReadInput,
  MarkNotificationReadPayload,
  NotificationConnection,
} from "./notification.types.js";

@Resolver(() => Notification)
export class NotificationResolver {
  @Authorized()
  @Query(() => NotificationConnection, { description: "newest first; the Updates screen reads pages of 50" })
  async notifications(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: GraphQLContext) {
    const page = await ctx.services.notifications.page(viewerOf(ctx), pageRequest(args, NOTIFICATION_ORDER));
    return connectionOf(page, args);
  }

  @Authorized()
  @Query(() => Int)
  unreadNotificationCount(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.notifications.unreadCount(viewerOf(ctx));
  }

  @Authorized()
  @Mutation(() => MarkNotificationReadPayload)
  async markNotificationRead(
    @Arg("input", () => MarkNotificationReadInput) input: MarkNotificationReadInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { notification: await ctx.services.notifications.markRead(ctx.userId!, input.id) };
  }

  @Authorized()
  @Mutation(() => MarkAllNotificationsReadPayload)
  async markAllNotificationsRead(@Ctx() ctx: GraphQLContext) {
    return { count: await ctx.services.notifications.markAllRead(ctx.userId!) };
  }

  /** Built when read, from the current names (docs/decisions/022-grouped-updates.md). */
  @FieldResolver(() => String)
  message(@Root() n: Notification, @Ctx() ctx: GraphQLContext): Promise<string> {
    return messageOf(n, ctx.loaders);
  }

  @FieldResolver(() => User, { nullable: true })
  relatedUser(@Root() n: Notification, @Ctx() ctx: GraphQLContext): Promise<User | null> | null {
    return n.relatedUserId ? ctx.loaders.userById.load(n.relatedUserId) : null;
  }

  @FieldResolver(() => ID, { nullable: true })
  relatedTimelineId(@Root() n: Notification): string | null {
    return n.relatedTimelineId;
  }

  @FieldResolver(() => Privacy, { nullable: true, description: "the tier a privacy_* notice is about" })
  privacy(@Root() n: Notification): Privacy | null {
    return n.privacy;
  }

  @FieldResolver(() => PrivacyRequestState, {
    nullable: true,
    description: "a privacy_request: OPEN offers Accept and Decline; otherwise what became of it",
  })
  privacyRequestState(@Root() n: Notification): PrivacyRequestState | null {
    return privacyRequestState(n);
  }
}
