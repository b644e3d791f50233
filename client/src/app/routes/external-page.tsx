import { useEffect } from "react";
import { Spinner } from "../../components/ui/spinner";
import { loadedAtPath, navigateToDocument } from "../../lib/document-navigation";

/**
 * /privacy and /terms are separate documents served by the server (dist/privacy.html,
 * dist/terms.html). A client-side navigation to them loads the real page.
 */
export function ExternalPage({ href, label }: { href: string; label: string }) {
  // If this document itself was loaded at `href`, the server sent the app shell: don't loop.
  const wouldLoop = loadedAtPath(href);
  useEffect(() => {
    if (!wouldLoop) navigateToDocument(href);
  }, [href, wouldLoop]);

  return (
    <div className="page-center">
      {wouldLoop ? null : <Spinner label={`Opening ${label}…`} />}
      <a href={href}>Open the {label}</a>
    </div>
  );
}
