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
  /** the other participant changed one's caption, place, date or media (docs/decisions/037-each-voice-its-authors.md) */
  MEMORY_EDITED = "memory_edited",
  /** the other participant deleted one's memory */
  MEMORY_DELETED = "memory_deleted",
  OTHER = "other",
  /** a participant asks to widen the tier; the other answers (docs/decisions/026-two-keys-privacy.md) */
  PRIVACY_REQUEST = "privacy_request",
  PRIVACY_ACCEPTED = "privacy_accepted",
  PRIVACY_DECLINED = "privacy_declined",
  /** a pending proposal was deleted by its creator, or went with their account (docs/decisions/032-who-may-learn-whom.md) */
  TIMELINE_WITHDRAWN = "timeline_withdrawn",
}

/** What became of a privacy_request notice (docs/decisions/026-two-keys-privacy.md); null while open. */
export enum PrivacyRequestResolution {
  ACCEPTED = "accepted",
  DECLINED = "declined",
  CANCELLED = "cancelled",
}

registerEnumType(NotificationType, { name: "NotificationType" });

/** A privacy_request notice as its recipient sees it: OPEN offers Accept and Decline. */
export enum PrivacyRequestState {
  OPEN = "open",
  ACCEPTED = "accepted",
  DECLINED = "declined",
  CANCELLED = "cancelled",
}
registerEnumType(PrivacyRequestState, { name: "PrivacyRequestState" });
