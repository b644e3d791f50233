import express, { type Router } from "express";
import { authRoutes } from "../modules/auth/auth.routes.js";
import { uploadRouter } from "../modules/media/media.routes.js";
import type { Services } from "./services.js";
import { memoryRoutes } from "../modules/memories/memory.routes.js";
import { memoryPrivacyRoutes } from "../modules/memories/memory-privacy.routes.js";
import { notificationRoutes } from "../modules/notifications/notification.routes.js";
import { relationshipRoutes } from "../modules/relationships/relationship.routes.js";
import { timelineRoutes } from "../modules/timelines/timeline.routes.js";
import { audienceRoutes } from "../modules/timelines/audience.routes.js";
import { privacyChangeRoutes } from "../modules/timelines/privacy-change.routes.js";
import { openInviteLinkRoutes, reminderAndLinkRoutes } from "../modules/timelines/reminder-and-link.routes.js";
import { timelineVisitRoutes } from "../modules/timelines/timeline-visit.routes.js";
import { userRoutes } from "../modules/users/user.routes.js";
import { highlightRoutes } from "../modules/highlights/highlight.routes.js";
import { accountRoutes } from "../modules/account/account.routes.js";
import { digestRoutes, preferencesRoutes, pushRoutes } from "../modules/presence/presence.routes.js";

/**
 * The REST façade of docs/product.md §7: thin routes that call the same services as the resolvers.
 * Each module contributes a router; mount it here.
 */
export function apiRouter(services: Services): Router {
  const router = express.Router();
  router.use(authRoutes(services));
  router.use("/upload", uploadRouter(services));
  router.use("/users", accountRoutes(services));
  router.use("/users", preferencesRoutes(services));
  router.use("/users", userRoutes(services));
  router.use("/users", highlightRoutes(services));
  router.use("/timelines", timelineRoutes(services));
  router.use("/timelines", audienceRoutes(services));
  router.use("/timelines", privacyChangeRoutes(services));
  router.use("/timelines", reminderAndLinkRoutes(services));
  router.use("/timelines", timelineVisitRoutes(services));
  router.use("/invite-links", openInviteLinkRoutes(services));
  router.use("/memories", memoryPrivacyRoutes(services));
  router.use("/memories", memoryRoutes(services));
  router.use("/user-relationships", relationshipRoutes(services));
  router.use("/notifications", notificationRoutes(services));
  router.use("/push", pushRoutes(services));
  router.use("/digest", digestRoutes(services));
  return router;
}
