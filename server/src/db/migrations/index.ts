import { Init1795267499703 } from "./1795267499703-Init.js";
import { SessionsAndRateLimits1795267499800 } from "./1795267499800-SessionsAndRateLimits.js";
import { ProfilePhotoIndex1795271903712 } from "./1795271903712-ProfilePhotoIndex.js";
import { GraphemeTextWidths1795400000000 } from "./1795400000000-GraphemeTextWidths.js";
import { MediaStoredBytes1795450062471 } from "./1795450062471-MediaStoredBytes.js";
import { PagedReads1795457624345 } from "./1795457624345-PagedReads.js";
import { GroupedNotifications1795458033859 } from "./1795458033859-GroupedNotifications.js";
import { SealedInvitations1795500000000 } from "./1795500000000-SealedInvitations.js";
import { FormerMember1795600000000 } from "./1795600000000-FormerMember.js";
import { AccessGraphVersion1795712000000 } from "./1795712000000-AccessGraphVersion.js";
import { TwoKeysPrivacy1795713000000 } from "./1795713000000-TwoKeysPrivacy.js";
import { PartnerMeaning1795727000000 } from "./1795727000000-PartnerMeaning.js";
import { AccessGraphChanges1795810000000 } from "./1795810000000-AccessGraphChanges.js";
import { MediaFormats1795820000000 } from "./1795820000000-MediaFormats.js";
import { MailDeliveries1795830000000 } from "./1795830000000-MailDeliveries.js";
import { WithdrawnProposals1795840000000 } from "./1795840000000-WithdrawnProposals.js";
import { NotificationPreferences1795850000000 } from "./1795850000000-NotificationPreferences.js";
import { WebPush1795860000000 } from "./1795860000000-WebPush.js";
import { DigestSends1795870000000 } from "./1795870000000-DigestSends.js";
import { DropAccessGraphLog1795880000000 } from "./1795880000000-DropAccessGraphLog.js";
import { MediaSha2561795890000000 } from "./1795890000000-MediaSha256.js";
import { MemoryVoices1795900000000 } from "./1795900000000-MemoryVoices.js";
import { MemoryPrivacy1795910000000 } from "./1795910000000-MemoryPrivacy.js";
import { Highlights1795920000000 } from "./1795920000000-Highlights.js";
import { MemoryMedia1795930000000 } from "./1795930000000-MemoryMedia.js";
import { InviteLinks1795940000000 } from "./1795940000000-InviteLinks.js";
import { ResumableUploads1795950000000 } from "./1795950000000-ResumableUploads.js";

/** Every migration, in order. Add new ones here (npm run migration:generate -w server -- Name). */
export const migrations = [
  Init1795267499703,
  SessionsAndRateLimits1795267499800,
  ProfilePhotoIndex1795271903712,
  GraphemeTextWidths1795400000000,
  MediaStoredBytes1795450062471,
  PagedReads1795457624345,
  GroupedNotifications1795458033859,
  SealedInvitations1795500000000,
  FormerMember1795600000000,
  AccessGraphVersion1795712000000,
  TwoKeysPrivacy1795713000000,
  PartnerMeaning1795727000000,
  AccessGraphChanges1795810000000,
  MediaFormats1795820000000,
  MailDeliveries1795830000000,
  WithdrawnProposals1795840000000,
  NotificationPreferences1795850000000,
  WebPush1795860000000,
  DigestSends1795870000000,
  DropAccessGraphLog1795880000000,
  MediaSha2561795890000000,
  MemoryVoices1795900000000,
  MemoryPrivacy1795910000000,
  Highlights1795920000000,
  MemoryMedia1795930000000,
  InviteLinks1795940000000,
  ResumableUploads1795950000000,
];
