import { Field, ObjectType } from "type-graphql";
import { Timeline } from "../../entities/timeline.entity.js";

@ObjectType({ description: "a reminder sent (docs/decisions/055-reminders-invite-links-and-new-marks.md)" })
export class RemindCollaboratorPayload {
  @Field(() => Timeline)
  timeline!: Timeline;

  @Field(() => Date, { description: "when the next reminder may be sent" })
  remindableAt!: Date;
}

@ObjectType({ description: "a single-use invite link; the previous one of the proposal stops working" })
export class InviteLink {
  @Field(() => String)
  url!: string;

  @Field(() => Date)
  expiresAt!: Date;
}

@ObjectType()
export class OpenInviteLinkPayload {
  @Field(() => Timeline, { description: "the proposal, for its invited person only" })
  timeline!: Timeline;
}
