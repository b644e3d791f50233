import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { InviteLink, OpenInviteLinkPayload, RemindCollaboratorPayload } from "./reminder-and-link.types.js";

/**
 * The waiting page's "Remind {name}" and "Copy invite link", and opening such a link
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md). Thin: one service call each.
 */
@Resolver(() => Timeline)
export class ReminderAndLinkResolver {
  @Authorized()
  @Mutation(() => RemindCollaboratorPayload, {
    description: "sends the invitation mail again; the proposal's creator only, once a day (RATE_LIMITED)",
  })
  async remindCollaborator(
    @Arg("timelineId", () => ID) timelineId: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RemindCollaboratorPayload> {
    const timeline = await ctx.services.reminders.remind(viewer, timelineId);
    return { timeline, remindableAt: (await ctx.services.reminders.remindableAt(viewer, timeline)) ?? new Date() };
  }

  @Authorized()
  @Mutation(() => InviteLink, { description: "a new single-use link to the proposal, valid 7 days; its creator only" })
  createInviteLink(
    @Arg("timelineId", () => ID) timelineId: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<InviteLink> {
    return ctx.services.inviteLinks.create(viewer, timelineId);
  }

  @Authorized()
  @Mutation(() => OpenInviteLinkPayload, {
    description: "opens an invite link: the proposal for its invited person; anyone else FORBIDDEN, nothing changes",
  })
  async openInviteLink(
    @Arg("token", () => String) token: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<OpenInviteLinkPayload> {
    return { timeline: await ctx.services.inviteLinks.open(viewer, token) };
  }

  @FieldResolver(() => Date, {
    nullable: true,
    description:
      "when the creator of a waiting proposal may send the next reminder; null when they may now, and for anyone else",
  })
  remindableAt(@Root() t: Timeline, @CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext): Promise<Date | null> {
    return ctx.services.reminders.remindableAt(viewer, t);
  }
}
