import { Arg, Authorized, Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { User } from "../../entities/user.entity.js";
import { Relationship } from "./relationship.types.js";

@Resolver(() => Relationship)
export class RelationshipResolver {
  @Authorized()
  @Query(() => [Relationship], {
    description: "connection web ranked by memoryCount desc; own when identifier is null",
  })
  async relationships(
    @Arg("identifier", () => String, { nullable: true }) identifier: string | null,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Relationship[]> {
    const person = identifier
      ? await ctx.services.users.findByIdentifier(viewer, identifier)
      : await ctx.loaders.userById.load(viewer.userId!);
    return ctx.services.relationships.forUser(viewer, person);
  }

  @FieldResolver(() => User)
  async otherUser(@Root() r: Relationship, @Ctx() ctx: GraphQLContext): Promise<User> {
    return (await ctx.loaders.userById.load(r.otherUserId))!;
  }
}
