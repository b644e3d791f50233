import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Notification } from "./notification.entity.js";

@InputType()
export class MarkNotificationReadInput {
  @Field(() => ID)
  id!: string;
}

@ObjectType()
export class MarkNotificationReadPayload {
  @Field(() => Notification)
  notification!: Notification;
}

@ObjectType()
export class MarkAllNotificationsReadPayload {
  @Field(() => Int)
  count!: number;
}
