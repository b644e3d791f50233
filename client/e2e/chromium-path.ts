import { existsSync } from "node:fs";

/** The system Chromium (Playwright's own browsers are not downloaded here; docs/decisions/012-stack-and-decorators.md P17). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    (candidate): candidate is string => Boolean(candidate),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error("No Chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH");
  }
  return found;
}
