import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { GRAPHQL_FIELDS } from "./preferences.rules.js";
import { NotificationPreferences, NotificationPreferencesInput } from "./preferences.types.js";

/** Notification preferences (docs/decisions/035-presence.md). */
@Resolver()
export class PreferencesResolver {
  @Authorized()
  @Query(() => NotificationPreferences)
  notificationPreferences(@CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext) {
    return ctx.services.preferences.own(viewer);
  }

  @Authorized()
  @Mutation(() => NotificationPreferences, { description: "Changes the fields given; null or absent keep theirs" })
  updateNotificationPreferences(
    @Arg("input", () => NotificationPreferencesInput) input: NotificationPreferencesInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    const change = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null));
    return ctx.services.preferences.update(viewer, change, GRAPHQL_FIELDS);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Sends the last week's digest now (at most one a minute)" })
  async sendDigestPreview(@CurrentViewer() viewer: Viewer, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.digest.preview(viewer);
    return true;
  }
}
