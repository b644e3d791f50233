import { Arg, Authorized, Ctx, ID, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { TimelineAudience } from "./audience.types.js";
import { Privacy } from "../../entities/timeline.enums.js";

/** Thin: maps the arguments and calls AudienceService (docs/decisions/025-audience-preview.md). */
@Resolver(() => TimelineAudience)
export class AudienceResolver {
  @Authorized()
  @Query(() => TimelineAudience, {
    description: "who the tier would let in right now; the two participants only (anyone else: NOT_FOUND)",
  })
  timelineAudience(
    @Arg("id", () => ID) id: string,
    @Arg("privacy", () => Privacy) privacy: Privacy,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TimelineAudience> {
    return ctx.services.audience.ofTimeline(viewer, id, privacy);
  }

  @Authorized()
  @Query(() => TimelineAudience, {
    description:
      "who the tier would let in for a timeline not created yet, with this collaborator (by id, or by e-mail: an address counts only for someone who already shares a timeline with the caller)",
  })
  audiencePreview(
    @Arg("collaboratorId", () => ID, { nullable: true }) collaboratorId: string | null,
    @Arg("collaboratorEmail", () => String, { nullable: true }) collaboratorEmail: string | null,
    @Arg("privacy", () => Privacy) privacy: Privacy,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<TimelineAudience> {
    return ctx.services.audience.preview(viewer, { collaboratorId, collaboratorEmail, privacy });
  }
}
