import { Field, ObjectType } from "type-graphql";
import { User } from "../../entities/user.entity.js";

@ObjectType({ description: "The person whose highlights were set; ask for `user { highlights { … } }`" })
export class SetHighlightsPayload {
  @Field(() => User)
  user!: User;
}
