import type { PresentDeps } from "../present-deps.js";
import { MediaPresenter } from "../modules/media/media.presenter.js";
import { MemoryPresenter } from "../modules/memories/memory.presenter.js";
import { MemoryPrivacyPresenter } from "../modules/memories/memory-privacy.presenter.js";
import { NotificationPresenter } from "../modules/notifications/notification.presenter.js";
import { TimelinePresenter } from "../modules/timelines/timeline.presenter.js";
import { UserPresenter } from "../modules/users/user.presenter.js";

/** One request's presenters, one per type (docs/decisions/015-code-layout.md). */
export function createPresenters(deps: PresentDeps) {
  return {
    timeline: new TimelinePresenter(deps),
    memory: new MemoryPresenter(deps),
    memoryPrivacy: new MemoryPrivacyPresenter(deps),
    media: new MediaPresenter(deps),
    notification: new NotificationPresenter(deps),
    user: new UserPresenter(deps),
  };
}

export type Presenters = ReturnType<typeof createPresenters>;
