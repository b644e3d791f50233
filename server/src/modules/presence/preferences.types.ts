import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { DigestFrequency, PushFrequency } from "./preferences.rules.js";

@ObjectType({ description: "How and when the person is told of new things (docs/decisions/035-presence.md)" })
export class NotificationPreferences {
  @Field(() => PushFrequency)
  push!: PushFrequency;

  @Field(() => DigestFrequency)
  emailDigest!: DigestFrequency;

  @Field(() => Int, { description: "0–23 in timeZone: when the daily push note and the digest go" })
  digestHour!: number;

  @Field(() => String, { nullable: true, description: "IANA time zone; null until set (UTC meanwhile)" })
  timeZone!: string | null;

  @Field(() => Int, { description: "Quiet hours start (0–23); none when equal to quietEnd" })
  quietStart!: number;

  @Field(() => Int)
  quietEnd!: number;

  @Field(() => [ID], { description: "Timelines the person hears nothing about" })
  mutedTimelineIds!: string[];
}

@InputType()
export class NotificationPreferencesInput {
  @Field(() => PushFrequency, { nullable: true })
  push?: PushFrequency | null;

  @Field(() => DigestFrequency, { nullable: true })
  emailDigest?: DigestFrequency | null;

  @Field(() => Int, { nullable: true })
  digestHour?: number | null;

  @Field(() => String, { nullable: true })
  timeZone?: string | null;

  @Field(() => Int, { nullable: true })
  quietStart?: number | null;

  @Field(() => Int, { nullable: true })
  quietEnd?: number | null;

  @Field(() => [ID], { nullable: true })
  mutedTimelineIds?: string[] | null;
}
