import { Arg, Authorized, Ctx, Mutation, Resolver } from "type-graphql";
import type { GraphQLContext } from "../../web/context.js";
import {
  clearProofCookie,
  clientIp,
  endSession,
  readOwnerMark,
  readProof,
  sessionPort,
  setOwnerCookie,
  setProofCookie,
} from "./auth.http.js";
import type { AuthCaller, SignedIn, VerifyOutcome } from "./auth.service.js";
import {
  ConfirmSignInInput,
  RequestSignInLinkInput,
  RequestSignInLinkPayload,
  SignInPayload,
  SignInState,
  SignInWithCodeInput,
  SignOutEverywherePayload,
  SignOutPayload,
  VerifySignInInput,
  VerifySignInPayload,
} from "./auth.types.js";

function caller(ctx: GraphQLContext): AuthCaller {
  return {
    ip: clientIp(ctx.req),
    userId: ctx.userId,
    proof: readProof(ctx.req, ctx.services.auth.env),
    device: readOwnerMark(ctx.req, ctx.services.auth.env),
    session: sessionPort(ctx.req),
  };
}

/** After a sign-in the rest of this operation sees the new user (e.g. `user { email }`). */
function signedIn(ctx: GraphQLContext, out: SignedIn): SignInPayload {
  ctx.userId = out.user.id;
  clearProofCookie(ctx.res, ctx.services.auth.env);
  setOwnerCookie(ctx.res, ctx.services.auth.env, out.ownerMark);
  return { user: out.user, redirectTo: out.redirectTo, alreadySignedIn: out.alreadySignedIn };
}

function verifyPayload(ctx: GraphQLContext, out: VerifyOutcome): VerifySignInPayload {
  if (out.state === "confirm") {
    return {
      state: SignInState.CONFIRM,
      maskedEmail: out.maskedEmail,
      signedInAs: out.signedInAs,
      user: null,
      redirectTo: null,
      alreadySignedIn: false,
    };
  }
  const p = signedIn(ctx, out);
  return { state: SignInState.SIGNED_IN, maskedEmail: null, signedInAs: null, ...p };
}

/** The same sign-in as the REST façade (auth.routes.ts), over GraphQL. `me` is in UserResolver. */
@Resolver()
export class AuthResolver {
  @Mutation(() => RequestSignInLinkPayload, {
    description: "E-mails a sign-in link and code; same answer for every address",
  })
  async requestSignInLink(
    @Arg("input", () => RequestSignInLinkInput) input: RequestSignInLinkInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RequestSignInLinkPayload> {
    const { message, proof } = await ctx.services.auth.requestLink(input.email, caller(ctx));
    setProofCookie(ctx.res, ctx.services.auth.env, proof);
    return { success: true, message };
  }

  @Mutation(() => VerifySignInPayload, {
    description: "Signs in at once only in the browser that requested the link; elsewhere answers CONFIRM",
  })
  async verifySignIn(
    @Arg("input", () => VerifySignInInput) input: VerifySignInInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<VerifySignInPayload> {
    return verifyPayload(ctx, await ctx.services.auth.verifyLink(input.token, caller(ctx)));
  }

  @Mutation(() => SignInPayload, { description: 'The "Continue as …" click: signs this browser in with the link' })
  async confirmSignIn(
    @Arg("input", () => ConfirmSignInInput) input: ConfirmSignInInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SignInPayload> {
    return signedIn(ctx, await ctx.services.auth.confirmLink(input.token, caller(ctx)));
  }

  @Mutation(() => SignInPayload, { description: "Signs in with the 6-character code from the e-mail (5 tries)" })
  async signInWithCode(
    @Arg("input", () => SignInWithCodeInput) input: SignInWithCodeInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SignInPayload> {
    return signedIn(ctx, await ctx.services.auth.signInWithCode(input.email, input.code, caller(ctx)));
  }

  @Mutation(() => SignOutPayload)
  async signOut(@Ctx() ctx: GraphQLContext): Promise<SignOutPayload> {
    ctx.services.auth.signedOut({ ip: clientIp(ctx.req), userId: ctx.userId });
    await endSession(ctx.req, ctx.res, ctx.services.auth.env);
    ctx.userId = null;
    return { success: true };
  }

  @Authorized()
  @Mutation(() => SignOutEverywherePayload, {
    description: "Ends every session of the signed-in person, in every browser and app, this one included",
  })
  async signOutEverywhere(@Ctx() ctx: GraphQLContext): Promise<SignOutEverywherePayload> {
    const sessionsEnded = await ctx.services.auth.signOutEverywhere({ ip: clientIp(ctx.req), userId: ctx.userId });
    await endSession(ctx.req, ctx.res, ctx.services.auth.env);
    ctx.userId = null;
    return { success: true, sessionsEnded };
  }
}
