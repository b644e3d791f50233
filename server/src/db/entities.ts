import { MediaFile } from "../modules/media/media-file.entity.js";
import { Memory } from "../modules/memories/memory.entity.js";
import { Notification } from "../modules/notifications/notification.entity.js";
import { SignInToken } from "../modules/auth/sign-in-token.entity.js";
import { Timeline } from "../modules/timelines/timeline.entity.js";
import { User } from "../modules/users/user.entity.js";

export const entities = [User, Timeline, Memory, MediaFile, Notification, SignInToken];
