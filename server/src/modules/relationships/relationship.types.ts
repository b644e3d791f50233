import { Field, Int, ObjectType } from "type-graphql";

/** One edge of the connection web; `otherUser` is resolved from otherUserId. */
@ObjectType()
export class Relationship {
  otherUserId!: string;

  @Field(() => Int)
  memoryCount!: number;

  @Field(() => Boolean)
  isActive!: boolean;

  @Field(() => String)
  timelineTitle!: string;
}
