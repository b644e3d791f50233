import { format } from "date-fns";
import { EMAIL_MAX } from "@keepsake/contract";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { TextField } from "../../../components/ui/text-field";
import { rateLimitOf, requestLoginLink, serverError } from "../../../features/auth/api/auth-api";
import { AuthNotice } from "../../../features/auth/components/auth-notice";
import { CodeForm } from "../../../features/auth/components/code-form";
import { useCountdown } from "../../../features/auth/use-countdown";
import styles from "./login-screen.module.css";

export const SENT_MESSAGE = "Please check your email for the login link!";

type Notice = { tone: "success" | "error"; text: string } | null;

/**
 * Spec §2 Login and §4 login flow: idle → sending → success message or error. A 429 disables
 * the button for retryAfter seconds ("Wait {n}s to retry"), shows the reset time, then clears
 * the message (§8). After a link is sent, the code from the same e-mail can be entered here.
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [limitedUntil, setLimitedUntil] = useState<Date | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useCountdown();
  const waiting = countdown.remaining > 0;

  // the wait is over: the rate-limit message goes away
  useEffect(() => {
    if (limitedUntil && !waiting) {
      setLimitedUntil(null);
      setNotice(null);
    }
  }, [limitedUntil, waiting]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending || waiting) return;
    const address = email.trim();
    setSending(true);
    setNotice(null);
    try {
      await requestLoginLink(address);
      setNotice({ tone: "success", text: SENT_MESSAGE });
      setSentTo(address);
    } catch (error) {
      const limit = rateLimitOf(error);
      if (limit) {
        setNotice({
          tone: "error",
          text: limit.message ?? `Too many requests. Please wait ${limit.retryAfter} seconds.`,
        });
        setLimitedUntil(limit.resetTime ?? new Date(Date.now() + limit.retryAfter * 1000));
        countdown.start(limit.retryAfter);
      } else {
        setNotice({ tone: "error", text: serverError(error) ?? "Failed to send login email" });
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <main className="app-column app-main app-main--bare">
      <ScreenHeader
        title="Sign in to Keepsake"
        subtitle="Enter your e-mail and we'll send you a login link. If you don't have an account yet, one is created automatically."
      />
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label="Email address"
          type="email"
          value={email}
          onChange={setEmail}
          required
          autoComplete="email"
          placeholder="you@example.com"
          inputProps={{ inputMode: "email", autoCapitalize: "none", spellCheck: false, maxLength: EMAIL_MAX }}
        />
        <Button type="submit" block busy={sending} busyLabel="Sending..." disabled={waiting}>
          {waiting ? `Wait ${countdown.remaining}s to retry` : "Send Login Link"}
        </Button>
      </form>
      <div className={styles.messages}>
        <AuthNotice tone="success" message={notice?.tone === "success" ? notice.text : null} />
        <AuthNotice tone="error" message={notice?.tone === "error" ? notice.text : null} />
        {limitedUntil && waiting ? (
          <p className={styles.reset}>
            You can request a new link at{" "}
            <time dateTime={limitedUntil.toISOString()}>{format(limitedUntil, "h:mm a")}</time>.
          </p>
        ) : null}
      </div>
      {sentTo ? <CodeForm email={sentTo} onSignedIn={(to) => navigate(to, { replace: true })} /> : null}
    </main>
  );
}
