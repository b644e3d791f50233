import { Field, ID, InputType, ObjectType } from "type-graphql";
import { Memory } from "../../entities/memory.entity.js";
import { Privacy } from "../../entities/timeline.enums.js";

@InputType()
export class RespondToMemoryPrivacyChangeInput {
  @Field(() => ID)
  id!: string;

  @Field(() => Boolean, { description: "true: the wider tier applies now; false: the current tier stays" })
  accept!: boolean;

  @Field(() => Privacy, {
    nullable: true,
    description:
      "the tier the answer is about, as the screen showed it; required to accept. A request that asks for another tier now answers CONFLICT and nothing changes",
  })
  privacy?: Privacy | null;
}

@ObjectType()
export class RespondToMemoryPrivacyChangePayload {
  @Field(() => Memory)
  memory!: Memory;
}
