import { registerEnumType } from "type-graphql";

export enum TimelineStatus {
  PENDING = "pending",
  ACCEPTED = "accepted",
  REJECTED = "rejected",
}

/** Values as stored and as the REST façade speaks them (docs/product.md §9: private, semi-private, public). */
export enum Privacy {
  PRIVATE = "private",
  SEMI_PRIVATE = "semi-private",
  PUBLIC = "public",
}

registerEnumType(TimelineStatus, { name: "TimelineStatus" });
registerEnumType(Privacy, {
  name: "Privacy",
  description: "Who may see a timeline (docs/decisions/003-privacy-tiers.md)",
});
