import { Field, InputType, ObjectType } from "type-graphql";
import { Memory } from "../../entities/memory.entity.js";
import { RespondToPrivacyChangeInput } from "../timelines/privacy-change.types.js";

/** The same answer as a timeline's (id, accept, the tier shown), about one memory. */
@InputType()
export class RespondToMemoryPrivacyChangeInput extends RespondToPrivacyChangeInput {}

@ObjectType()
export class RespondToMemoryPrivacyChangePayload {
  @Field(() => Memory)
  memory!: Memory;
}
