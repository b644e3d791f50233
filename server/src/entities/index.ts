import { MediaFile } from "./media-file.entity.js";
import { Memory } from "./memory.entity.js";
import { MemoryMedia } from "./memory-media.entity.js";
import { Notification } from "./notification.entity.js";
import { SignInToken } from "./sign-in-token.entity.js";
import { Timeline } from "./timeline.entity.js";
import { User } from "./user.entity.js";

export const entities = [User, Timeline, Memory, MemoryMedia, MediaFile, Notification, SignInToken];
