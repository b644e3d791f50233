import { Field, ID, InputType, ObjectType } from "type-graphql";
import { edgeType, PageInfo, type Edge } from "../../graphql/connection.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { Privacy } from "../../entities/timeline.enums.js";

@InputType()
export class CreateTimelineInput {
  @Field(() => String)
  title!: string;

  @Field(() => ID, { nullable: true })
  collaboratorId?: string | null;

  @Field(() => String, { nullable: true })
  collaboratorEmail?: string | null;

  @Field(() => Privacy)
  privacy!: Privacy;
}

@ObjectType()
export class CreateTimelinePayload {
  @Field(() => Timeline)
  timeline!: Timeline;
}

@InputType()
export class UpdateTimelineInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => Privacy, { nullable: true })
  privacy?: Privacy | null;
}

@ObjectType()
export class UpdateTimelinePayload {
  @Field(() => Timeline)
  timeline!: Timeline;
}

@InputType()
export class DeleteTimelineInput {
  @Field(() => ID)
  id!: string;
}

@ObjectType()
export class DeleteTimelinePayload {
  @Field(() => ID)
  deletedId!: string;
}

@InputType()
export class RespondToTimelineInput {
  @Field(() => ID)
  id!: string;
}

@ObjectType()
export class RespondToTimelinePayload {
  @Field(() => Timeline)
  timeline!: Timeline;
}

@ObjectType()
export class AccessOtherUser {
  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  email!: string | null;
}

@ObjectType()
export class TimelineAccess {
  @Field(() => Boolean)
  canView!: boolean;

  @Field(() => Privacy, { nullable: true })
  privacy!: Privacy | null;

  @Field(() => String, { nullable: true, description: "revealed only to people within reach of the tier" })
  title!: string | null;

  @Field(() => String)
  message!: string;

  @Field(() => String, { nullable: true })
  actionUrl!: string | null;

  @Field(() => String, { nullable: true })
  actionText!: string | null;

  @Field(() => AccessOtherUser, { nullable: true })
  otherUser!: AccessOtherUser | null;
}

export const TimelineEdge = edgeType("Timeline", Timeline);

@ObjectType({ description: "timelines in pages (docs/decisions/024-paged-reads.md)" })
export class TimelineConnection {
  @Field(() => [TimelineEdge])
  edges!: Edge<Timeline>[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
