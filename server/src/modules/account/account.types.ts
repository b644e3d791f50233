import { Field, InputType, ObjectType } from "type-graphql";

@InputType({ description: 'Deleting one\'s own account: `confirm` must be exactly "DELETE".' })
export class DeleteAccountInput {
  @Field(() => String)
  confirm!: string;
}

@ObjectType()
export class DeleteAccountPayload {
  @Field(() => Boolean, { description: "true once every row and file of the account is gone (the session ends)" })
  deleted!: boolean;
}
