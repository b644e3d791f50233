import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { edgeType, PageInfo, type Edge } from "../../graphql/connection.js";
import { Notification } from "../../entities/notification.entity.js";

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

export const NotificationEdge = edgeType("Notification", Notification);

@ObjectType({ description: "notifications in pages, newest first (docs/decisions/024-paged-reads.md)" })
export class NotificationConnection {
  @Field(() => [NotificationEdge])
  edges!: Edge<Notification>[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
