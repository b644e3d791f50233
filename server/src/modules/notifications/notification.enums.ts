import { registerEnumType } from "type-graphql";

/** docs/product.md §3 Notification.type */
export enum NotificationType {
  TIMELINE_PROPOSAL = "timeline_proposal",
  TIMELINE_ACCEPTED = "timeline_accepted",
  TIMELINE_REJECTED = "timeline_rejected",
  TIMELINE_REQUEST = "timeline_request",
  TIMELINE_CREATED = "timeline_created",
  PHOTOS_UPLOADED = "photos_uploaded",
  MEMORY_ADDED = "memory_added",
  MEMORY_TAGGED = "memory_tagged",
  OTHER = "other",
}

registerEnumType(NotificationType, { name: "NotificationType" });
