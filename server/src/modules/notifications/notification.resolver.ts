import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { ConnectionArgs, connectionOf, pageRequest } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { User } from "../../entities/user.entity.js";
import { Notification } from "../../entities/notification.entity.js";
import { PrivacyRequestState } from "../../entities/notification.enums.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";
import { NOTIFICATION_ORDER } from "./notification.reads.js";
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
  async notifications(
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    const page = await ctx.services.notifications.page(viewer, pageRequest(args, NOTIFICATION_ORDER));
    return connectionOf(page, args);
  }

  @Authorized()
  @Query(() => Int)
  unreadNotificationCount(@CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.notifications.unreadCount(viewer);
  }

  @Authorized()
  @Mutation(() => MarkNotificationReadPayload)
  async markNotificationRead(
    @Arg("input", () => MarkNotificationReadInput) input: MarkNotificationReadInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { notification: await ctx.services.notifications.markRead(viewer, input.id) };
  }

  @Authorized()
  @Mutation(() => MarkAllNotificationsReadPayload)
  async markAllNotificationsRead(@CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext) {
    return { count: await ctx.services.notifications.markAllRead(viewer) };
  }

  /** Built when read, from the current names (docs/decisions/022-grouped-updates.md). */
  @FieldResolver(() => String)
  message(@Root() n: Notification, @Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.present.notification.message(n);
  }

  @FieldResolver(() => User, { nullable: true })
  relatedUser(@Root() n: Notification, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.present.notification.relatedUser(n);
  }

  @FieldResolver(() => PrivacyRequestState, {
    nullable: true,
    description: "a privacy_request: OPEN offers Accept and Decline; otherwise what became of it",
  })
  privacyRequestState(@Root() n: Notification, @Ctx() ctx: GraphQLContext): PrivacyRequestState | null {
    return ctx.present.notification.privacyRequestState(n);
  }

  @FieldResolver(() => TimelineStatus, {
    nullable: true,
    description: "a timeline_proposal, to its invitee only: PENDING offers Accept and Reject; otherwise the answer",
  })
  proposalStatus(@Root() n: Notification, @Ctx() ctx: GraphQLContext): Promise<TimelineStatus | null> {
    return ctx.present.notification.proposalStatus(n);
  }
}
