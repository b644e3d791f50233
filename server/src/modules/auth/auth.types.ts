import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { User } from "../../entities/user.entity.js";

export enum SignInState {
  SIGNED_IN = "signed_in",
  CONFIRM = "confirm",
}
registerEnumType(SignInState, {
  name: "SignInState",
  description: "SIGNED_IN: the session is set. CONFIRM: ask the person to continue as maskedEmail (another browser).",
});

@InputType()
export class RequestSignInLinkInput {
  @Field(() => String)
  email!: string;
}

@ObjectType()
export class RequestSignInLinkPayload {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => String)
  message!: string;
}

@InputType()
export class VerifySignInInput {
  @Field(() => String, { description: "The token from the e-mailed link" })
  token!: string;
}

@ObjectType()
export class VerifySignInPayload {
  @Field(() => SignInState)
  state!: SignInState;

  @Field(() => String, {
    nullable: true,
    description: "CONFIRM: the account the link signs into, e.g. j•••@example.com",
  })
  maskedEmail!: string | null;

  @Field(() => String, { nullable: true, description: "CONFIRM: this browser is signed in as another account now" })
  signedInAs!: string | null;

  @Field(() => User, { nullable: true })
  user!: User | null;

  @Field(() => String, { nullable: true, description: "SIGNED_IN: where the app goes next (AFTER_LOGIN_PATH)" })
  redirectTo!: string | null;

  @Field(() => Boolean)
  alreadySignedIn!: boolean;
}

@InputType()
export class ConfirmSignInInput {
  @Field(() => String)
  token!: string;
}

@InputType()
export class SignInWithCodeInput {
  @Field(() => String)
  email!: string;

  @Field(() => String, { description: "The 6-character code from the e-mail" })
  code!: string;
}

@ObjectType()
export class SignInPayload {
  @Field(() => User)
  user!: User;

  @Field(() => String)
  redirectTo!: string;

  @Field(() => Boolean)
  alreadySignedIn!: boolean;
}

@ObjectType()
export class SignOutPayload {
  @Field(() => Boolean)
  success!: boolean;
}

@ObjectType()
export class SignOutEverywherePayload {
  @Field(() => Boolean)
  success!: boolean;

  @Field(() => Int, { description: "how many sessions ended, this one included" })
  sessionsEnded!: number;
}
