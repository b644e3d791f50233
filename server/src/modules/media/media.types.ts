import { Field, ID, Int, ObjectType } from "type-graphql";
import { MediaType } from "../../entities/media.enums.js";

/**
 * The GraphQL `Media` type. Its values are MediaFile rows (loaded through `loaders.mediaById`);
 * the URL fields are resolved by MediaResolver as short-lived signed /media URLs.
 */
@ObjectType("Media", {
  simpleResolvers: true,
  description:
    "A stored upload. URLs are short-lived signed /media URLs, re-checked against the viewer's tier on every request.",
})
export class Media {
  @Field(() => ID, { description: "public_id" })
  id!: string;

  @Field(() => MediaType)
  type!: MediaType;

  @Field(() => String, { description: "jpeg, png, webp, mp4, webm, mov (format of the original)" })
  format!: string;

  @Field(() => Int, { nullable: true })
  width!: number | null;

  @Field(() => Int, { nullable: true })
  height!: number | null;

  @Field(() => Int, { description: "bytes of the original" })
  bytes!: number;
}
