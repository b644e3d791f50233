import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { User } from "../../entities/user.entity.js";
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
  user(
    @Arg("identifier", () => String) identifier: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<User | null> {
    return ctx.services.users.findByIdentifier(viewer, identifier);
  }

  @Authorized()
  @Query(() => Boolean)
  usernameAvailable(
    @Arg("username", () => String) username: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return ctx.services.users.usernameAvailable(viewer, username);
  }

  @Authorized()
  @Query(() => [User], {
    description: "username / display name / full name, case-insensitive substring, at most 10, never the caller",
  })
  searchUsers(
    @Arg("query", () => String) query: string,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<User[]> {
    return ctx.services.users.search(viewer, query);
  }

  @Authorized()
  @Mutation(() => UpdateProfilePayload)
  async updateProfile(
    @Arg("input", () => UpdateProfileInput) input: UpdateProfileInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ) {
    return { user: await ctx.services.users.updateProfile(viewer, input) };
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Only for oneself, people who share an accepted timeline with the viewer, or someone sharing a timeline with the viewer who was looked up by that exact address (docs/decisions/003-privacy-tiers.md, 017-hostile-input.md).",
  })
  email(@Root() user: User, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return ctx.present.user.email(user);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "Short-lived signed URL of the profile photo (thumb variant), or null (client shows initials).",
  })
  profilePhotoUrl(@Root() user: User, @Ctx() ctx: GraphQLContext): string | null {
    return ctx.present.user.profilePhotoUrl(user);
  }
}
