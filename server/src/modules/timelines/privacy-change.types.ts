import { Field, ID, InputType, ObjectType } from "type-graphql";
import { Timeline } from "../../entities/timeline.entity.js";

@InputType()
export class RespondToPrivacyChangeInput {
  @Field(() => ID)
  id!: string;

  @Field(() => Boolean, { description: "true: the wider tier applies now; false: the current tier stays" })
  accept!: boolean;
}

@ObjectType()
export class RespondToPrivacyChangePayload {
  @Field(() => Timeline)
  timeline!: Timeline;
}
