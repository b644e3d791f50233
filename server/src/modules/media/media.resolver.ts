import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import type { MediaFile } from "../../entities/media-file.entity.js";
import { Media } from "./media.types.js";

/**
 * URL fields of `Media`. A Media value is only reachable through a parent that has passed the
 * access policy (a memory, a profile); the URLs are re-checked by /media on every request anyway.
 */
@Resolver(() => Media)
export class MediaResolver {
  @FieldResolver(() => String, {
    description: "display variant (~1600px WebP) for images, the video itself for videos",
  })
  url(@Root() media: MediaFile, @Ctx() ctx: GraphQLContext): string {
    return ctx.present.media.urls(media).url;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "~320px WebP (for videos: the poster if any, else null)",
  })
  thumbUrl(@Root() media: MediaFile, @Ctx() ctx: GraphQLContext): string | null {
    return ctx.present.media.urls(media).thumbUrl;
  }

  @FieldResolver(() => String, { nullable: true, description: "video poster frame (WebP) if one was uploaded" })
  posterUrl(@Root() media: MediaFile, @Ctx() ctx: GraphQLContext): string | null {
    return ctx.present.media.urls(media).posterUrl;
  }
}
