import { Field, InputType } from "type-graphql";

@InputType()
export class PushSubscriptionKeysInput {
  @Field(() => String)
  p256dh!: string;

  @Field(() => String)
  auth!: string;
}

@InputType({ description: "The browser's PushSubscription, as its toJSON() gives it" })
export class PushSubscriptionInput {
  @Field(() => String)
  endpoint!: string;

  @Field(() => PushSubscriptionKeysInput)
  keys!: PushSubscriptionKeysInput;
}
