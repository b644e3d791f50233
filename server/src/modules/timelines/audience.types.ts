import { Field, Int, ObjectType } from "type-graphql";
import { User } from "../../entities/user.entity.js";

@ObjectType({
  description:
    "who a privacy tier lets in right now, beyond the two people of the timeline (docs/decisions/025-audience-preview.md)",
})
export class TimelineAudience {
  @Field(() => Int, {
    description: "people other than the two participants who could open the timeline; 101 means more than 100",
  })
  count!: number;

  @Field(() => [User], {
    description: "at most 10 of them who share an accepted, active timeline with the caller, by name",
  })
  known!: User[];
}
