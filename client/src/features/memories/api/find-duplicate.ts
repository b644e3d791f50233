/**
 * The same photo twice (docs/decisions/050-trip-uploads.md): before sending a file to a timeline,
 * its SHA-256 is asked of the server, which answers the memory that already holds those bytes
 * (only to the timeline's two people). Known bytes are not sent again.
 */

/** Files larger than this are not hashed in the browser (the whole file would sit in memory). */
export const HASH_MAX_BYTES = 64 * 1024 * 1024;

/** The file's SHA-256 as hex, or null where the browser cannot hash it here. */
export async function fileSha256(file: Blob): Promise<string | null> {
  if (file.size > HASH_MAX_BYTES || typeof crypto === "undefined" || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The id of the memory of `timelineId` that already holds this file, or null (also when unsure). */
export async function findDuplicate(timelineId: string, file: Blob): Promise<string | null> {
  try {
    const sha256 = await fileSha256(file);
    if (!sha256) return null;
    const query = new URLSearchParams({ timeline_id: timelineId, sha256 });
    const res = await fetch(`/api/memories/duplicate?${query.toString()}`, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { duplicate_of?: unknown };
    return typeof body.duplicate_of === "string" ? body.duplicate_of : null;
  } catch {
    // Asking is an optimisation: the server refuses the duplicate on save all the same.
    return null;
  }
}

/** The memory opened in its timeline's viewer. */
export function memoryUrl(timelineId: string, memoryId: string): string {
  return `/app/view-timeline?id=${encodeURIComponent(timelineId)}&memory=${encodeURIComponent(memoryId)}`;
}
