import { redirect } from "react-router-dom";
import { checkSession } from "../../lib/session";
import { stateFromSession } from "./session-rules";

/**
 * Loader of /login: a person who is already signed in goes to /app instead of the sign-in form
 * (docs/decisions/020-offline-and-feedback.md). Any failure of the check (offline, server down)
 * simply shows the form.
 */
export async function redirectSignedIn({ request }: { request: Request }): Promise<Response | null> {
  try {
    const result = await checkSession(request.signal);
    if (stateFromSession(result).status === "authenticated") return redirect("/app");
  } catch {
    // Not known to be signed in: show the form.
  }
  return null;
}
