import { apiRequest } from "../../../lib/rest-client";

/**
 * Spec §7: after a timeline is created, and after a memory is added, the server tells the
 * participants' connections who may see it. Failures are ignored by the flows (docs/product.md §8).
 */
export async function notifyFriendsTimelineCreated(
  timelineId: string,
  collaboratorEmail: string | null,
): Promise<void> {
  try {
    await apiRequest("/notifications/friend-timeline-created", {
      method: "POST",
      json: { timelineId, collaboratorEmail },
    });
  } catch (error) {
    console.warn("Failed to create friend notifications", error);
  }
}

export async function notifyFriendsPhotosUploaded(timelineId: string, photoCount = 1): Promise<void> {
  try {
    await apiRequest("/notifications/friend-photos-uploaded", {
      method: "POST",
      json: { timelineId, photoCount },
    });
  } catch (error) {
    console.warn("Failed to create friend notifications", error);
  }
}
