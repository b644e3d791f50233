import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { safeRedirect, serverError, signInWithCode } from "../api/auth-api";
import { AuthNotice } from "./auth-notice";
import styles from "./code-form.module.css";

interface CodeFormProps {
  /** The address the code was sent to. */
  email: string;
  /** Called with the path to go to once signed in. */
  onSignedIn: (redirectTo: string) => void;
}

/**
 * Sign-in with the 6-character code from the e-mail: for an installed app (or another browser)
 * where the link would open somewhere else (docs/sign-in-requirements.md X1, I41).
 */
export function CodeForm({ email, onSignedIn }: CodeFormProps) {
  const headingId = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await signInWithCode(email, code.trim());
      onSignedIn(safeRedirect(answer.redirectTo));
    } catch (err) {
      setError(serverError(err) ?? "Could not sign in with the code. Please try again.");
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Have the code?
      </h2>
      <p className={styles.help}>
        Using the installed app or another device? Enter the 6-character code from the e-mail we sent to {email}.
      </p>
      <div className={styles.code}>
        <TextField
          label="Sign-in code"
          value={code}
          onChange={(value) => setCode(value.toUpperCase())}
          required
          autoComplete="one-time-code"
          inputProps={{ inputMode: "text", autoCapitalize: "characters", spellCheck: false, maxLength: 8 }}
        />
      </div>
      <Button type="submit" variant="secondary" block busy={busy} busyLabel="Signing in...">
        Sign in with code
      </Button>
      <AuthNotice tone="error" message={error} />
    </form>
  );
}
