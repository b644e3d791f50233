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
  /** the other participant wrote their note on one's memory (docs/decisions/027-two-voices.md) */
  PARTNER_NOTE_ADDED = "partner_note_added",
  OTHER = "other",
}

registerEnumType(NotificationType, { name: "NotificationType" });
