import { Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../graphql/context.js";
import { User } from "./user.entity.js";

@Resolver(() => User)
export class UserResolver {
  /** The signed-in user, or null when signed out. */
  @Query(() => User, { nullable: true })
  me(@Ctx() ctx: GraphQLContext): Promise<User | null> | null {
    return ctx.userId ? ctx.loaders.userById.load(ctx.userId) : null;
  }

  /** Another person's e-mail is revealed only as DESIGN §5 allows; one's own always. */
  @FieldResolver(() => String, { nullable: true })
  email(@Root() user: User, @Ctx() ctx: GraphQLContext): string | null {
    return ctx.userId === user.id ? user.email : null;
  }
}
