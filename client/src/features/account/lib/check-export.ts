import { OFFLINE_ACTION_MESSAGE } from "../../../lib/use-online";

const FALLBACK = "Your data could not be downloaded. Please try again.";

/**
 * Asks the server whether an export would be admitted now (`?check=1`, nothing is counted:
 * docs/decisions/045-export-asks-first.md). Resolves to null when it would, else to the message
 * to show: the server's own (its 429 body), or one for a network failure.
 */
export async function checkExport(exportUrl: string): Promise<string | null> {
  let response: Response;
  try {
    const url = `${exportUrl}${exportUrl.includes("?") ? "&" : "?"}check=1`;
    response = await fetch(url, { credentials: "include", headers: { Accept: "application/json" } });
  } catch {
    return OFFLINE_ACTION_MESSAGE;
  }
  if (response.ok) return null;
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown };
    if (typeof body.message === "string" && body.message) return body.message;
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    // not JSON: the general message below
  }
  return FALLBACK;
}
