import { useApolloClient } from "@apollo/client/react";
import { useState } from "react";
import { Button, buttonClassName } from "../../../components/ui/button";
import { useDeleteAccountMutation, useMyExportUrlQuery } from "../../../gql/graphql";
import { downloadFile, navigateToDocument } from "../../../lib/document-navigation";
import { clearOfflineData } from "../../../lib/offline-store";
import { FormAlert } from "../../../components/ui/form-alert";
import { checkExport } from "../lib/check-export";
import { DeleteAccountDialog, CONFIRM_WORD } from "./delete-account-dialog";
import styles from "./account-actions.module.css";

const EXPORT_FALLBACK = "/api/users/me/export";

/**
 * The Profile screen's "Your data" section (docs/decisions/023-export-and-deletion.md): "Download
 * my data" (a zip, downloaded by the browser from the URL the API gives) and "Delete my account"
 * (a typed confirmation; afterwards the app goes to the landing page).
 */
export function AccountActions() {
  const { data } = useMyExportUrlQuery({ fetchPolicy: "cache-first" });
  const exportUrl = data?.me?.exportUrl ?? EXPORT_FALLBACK;
  const client = useApolloClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { loading }] = useDeleteAccountMutation();
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  // the link stays a plain download; a click asks first so a refusal (429) shows its message
  const download = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setExportProblem(null);
    const problem = await checkExport(exportUrl);
    setChecking(false);
    if (problem) setExportProblem(problem);
    else downloadFile(exportUrl);
  };

  const confirm = async () => {
    setError(null);
    try {
      const result = await deleteAccount({ variables: { input: { confirm: CONFIRM_WORD } } });
      if (!result.data?.deleteAccount.deleted) throw new Error("not deleted");
    } catch (err) {
      setError(
        err instanceof Error && err.message !== "not deleted"
          ? err.message
          : "Your account could not be deleted. Please try again.",
      );
      return;
    }
    // everything this device kept for the account goes with it, as at logout (its lists and
    // thumbnails offline, the mark that makes the landing page say "Open Keepsake")
    await clearOfflineData();
    await client.clearStore().catch(() => undefined);
    // the landing page is its own document (not a route of the app)
    navigateToDocument("/");
  };

  return (
    <section className={styles.section} aria-labelledby="your-data-title">
      <h2 id="your-data-title" className={styles.title}>
        Your data
      </h2>
      <p className={styles.hint}>
        A zip of your timelines: the original photos and videos, your words, and a page to browse them offline.
      </p>
      <a
        className={buttonClassName({ variant: "secondary", block: true })}
        href={exportUrl}
        download
        aria-busy={checking || undefined}
        aria-describedby={exportProblem ? "export-problem" : undefined}
        onClick={(event) => void download(event)}
      >
        Download my data
      </a>
      <FormAlert id="export-problem" message={exportProblem} />
      <Button variant="ghost" block className={styles.danger} onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      {open ? (
        <DeleteAccountDialog
          busy={loading}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setOpen(false);
            setError(null);
          }}
        />
      ) : null}
    </section>
  );
}
