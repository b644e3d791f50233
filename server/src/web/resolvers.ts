import type { NonEmptyArray } from "type-graphql";
import { AccountResolver } from "../modules/account/account.resolver.js";
import { AuthResolver } from "../modules/auth/auth.resolver.js";
import { MediaResolver } from "../modules/media/media.resolver.js";
import { UserResolver } from "../modules/users/user.resolver.js";
import { HighlightResolver } from "../modules/highlights/highlight.resolver.js";
import { MemoryResolver } from "../modules/memories/memory.resolver.js";
import { TimelineMemoriesResolver } from "../modules/memories/timeline-memories.resolver.js";
import { MemoryPrivacyResolver } from "../modules/memories/memory-privacy.resolver.js";
import { NotificationResolver } from "../modules/notifications/notification.resolver.js";
import { RelationshipResolver } from "../modules/relationships/relationship.resolver.js";
import { TimelineResolver } from "../modules/timelines/timeline.resolver.js";
import { AudienceResolver } from "../modules/timelines/audience.resolver.js";
import { PreferencesResolver } from "../modules/presence/preferences.resolver.js";
import { PushResolver } from "../modules/presence/push.resolver.js";
import { PrivacyChangeResolver } from "../modules/timelines/privacy-change.resolver.js";
import { ReminderAndLinkResolver } from "../modules/timelines/reminder-and-link.resolver.js";
import { TimelineVisitResolver } from "../modules/timelines/timeline-visit.resolver.js";
import { MemoryNewResolver } from "../modules/memories/memory-new.resolver.js";

/** Every resolver class of the schema. Add a module's resolver here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  AuthResolver,
  UserResolver,
  HighlightResolver,
  MediaResolver,
  TimelineResolver,
  AudienceResolver,
  PrivacyChangeResolver,
  MemoryResolver,
  TimelineMemoriesResolver,
  MemoryPrivacyResolver,
  NotificationResolver,
  RelationshipResolver,
  AccountResolver,
  PreferencesResolver,
  PushResolver,
  ReminderAndLinkResolver,
  TimelineVisitResolver,
  MemoryNewResolver,
];
