import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import { CurrentViewer } from "../../graphql/current-viewer.js";
import type { Viewer } from "../access/access.service.js";
import { endSession } from "../auth/auth.http.js";
import { User } from "../../entities/user.entity.js";
import { DeleteAccountInput, DeleteAccountPayload } from "./account.types.js";

/** Export and deletion of one's own account (docs/decisions/023-export-and-deletion.md). */
@Resolver(() => User)
export class AccountResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: "Where to download one's own data (a zip, GET); null for anyone but oneself.",
  })
  exportUrl(@Root() user: User, @Ctx() ctx: GraphQLContext): string | null {
    return ctx.present.user.exportUrl(user);
  }

  @Mutation(() => DeleteAccountPayload, {
    description:
      'Deletes the signed-in account and everything it added; answers after all is gone, then ends the session. `confirm` must be "DELETE".',
  })
  async deleteAccount(
    @Arg("input", () => DeleteAccountInput) input: DeleteAccountInput,
    @CurrentViewer() viewer: Viewer,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DeleteAccountPayload> {
    await ctx.services.accountDeletion.deleteAccount(viewer, input.confirm);
    await endSession(ctx.req, ctx.res, ctx.services.auth.env);
    ctx.userId = null;
    return { deleted: true };
  }
}
