import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../graphql/context.js";
import { viewerOf } from "../../graphql/current-viewer.js";
import { User } from "./user.entity.js";
import { UpdateProfileInput, UpdateProfilePayload } from "./user.types.js";

@Resolver(() => User)
export class UserResolver {
  /** The signed-in user, or null when signed out. */
  @Query(() => User, { nullable: true })
  me(@Ctx() ctx: GraphQLContext): Promise<User | null> | null {
    return ctx.userId ? ctx.loaders.userById.load(ctx.userId) : null;
  }

  @Authorized()
  @Query(() => User, { nullable: true, description: "by username, or by e-mail when the value contains @" })
  user(@Arg("identifier", () => String) identifier: string, @Ctx() ctx: GraphQLContext): Promise<User | null> {
    return ctx.services.users.findByIdentifier(viewerOf(ctx), identifier);
  }

  @Authorized()
  @Query(() => Boolean)
  usernameAvailable(@Arg("username", () => String) username: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.users.usernameAvailable(ctx.userId!, username);
  }

  @Authorized()
  @Query(() => [User], {
    description: "username / display name / full name, case-insensitive substring, at most 10, never the caller",
  })
  searchUsers(@Arg("query", () => String) query: string, @Ctx() ctx: GraphQLContext): Promise<User[]> {
    return ctx.services.users.search(ctx.userId!, query);
  }

  @Authorized()
  @Mutation(() => UpdateProfilePayload)
  async updateProfile(@Arg("input", () => UpdateProfileInput) input: UpdateProfileInput, @Ctx() ctx: GraphQLContext) {
    return { user: await ctx.services.users.updateProfile(ctx.userId!, input) };
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Only for oneself, people who share an accepted timeline with the viewer, or someone sharing a timeline with the viewer who was looked up by that exact address (docs/decisions/003-privacy-tiers.md, 017-hostile-input.md).",
  })
  async email(@Root() user: User, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return (await viewerOf(ctx).mayRevealEmail(user.id)) ? user.email : null;
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "Short-lived signed URL of the profile photo (thumb variant), or null (client shows initials).",
  })
  profilePhotoUrl(@Root() user: User, @Ctx() ctx: GraphQLContext): string | null {
    return user.profilePhotoId ? ctx.services.media.signedUrl(user.profilePhotoId, "thumb") : null;
  }
}
