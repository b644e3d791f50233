import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import formStyles from "../../../components/ui/form.module.css";
import {
  useUpdateNotificationPreferencesMutation,
  type DigestFrequency,
  type NotificationPreferences_FieldsFragment,
  type PushFrequency,
} from "../../../gql/graphql";
import { notifySaved, TOASTS } from "../../../lib/notify";
import { browserTimeZone, hourLabel, HOURS } from "../lib/time-zone";
import styles from "./notification-settings-form.module.css";

export const SAVE_PREFERENCES_ERROR = "Your notification settings could not be saved. Please try again.";

interface Props {
  preferences: NotificationPreferences_FieldsFragment;
  timelines: { id: string; title: string }[];
  /** Runs before a save that turns push on: null when this device now takes notes, else why not. */
  beforePushOn?: () => Promise<string | null>;
  /** Extra controls under the digest (the preview button). */
  digestExtra?: ReactNode;
}

function Select<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}
      >
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const hourOptions = HOURS.map((h) => ({ value: h, label: hourLabel(h) }));

/**
 * Push off/hourly/daily, the e-mail digest, the hour, quiet hours, the time zone (the browser's
 * until the person changes it) and a mute per timeline (docs/decisions/035-presence.md).
 */
export function NotificationSettingsForm({ preferences: p, timelines, beforePushOn, digestExtra }: Props) {
  const [push, setPush] = useState<PushFrequency>(p.push);
  const [emailDigest, setEmailDigest] = useState<DigestFrequency>(p.emailDigest);
  const [digestHour, setDigestHour] = useState(p.digestHour);
  const [quietStart, setQuietStart] = useState(p.quietStart);
  const [quietEnd, setQuietEnd] = useState(p.quietEnd);
  const [timeZone, setTimeZone] = useState(p.timeZone ?? browserTimeZone());
  const [muted, setMuted] = useState(new Set(p.mutedTimelineIds));
  const [error, setError] = useState<string | null>(null);
  const [save, { loading }] = useUpdateNotificationPreferencesMutation();
  const zoneId = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    let pushNow = push;
    const refusal = push !== "OFF" && p.push === "OFF" && beforePushOn ? await beforePushOn() : null;
    if (refusal) {
      pushNow = "OFF";
      setPush("OFF");
      setError(refusal);
    }
    try {
      await save({
        variables: {
          input: {
            push: pushNow,
            emailDigest,
            digestHour,
            quietStart,
            quietEnd,
            timeZone: timeZone.trim(),
            mutedTimelineIds: [...muted],
          },
        },
      });
      if (pushNow === push) notifySaved(TOASTS.settingsSaved);
    } catch (err) {
      const message = (err as { message?: string })?.message;
      setError(message && /time zone|must be/.test(message) ? message : SAVE_PREFERENCES_ERROR);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={(e) => void onSubmit(e)} aria-label="Notification settings">
      <section className={styles.group}>
        <h2>On this device and others</h2>
        <Select<PushFrequency>
          label="Push notifications"
          value={push}
          onChange={setPush}
          options={[
            { value: "OFF", label: "Off" },
            { value: "HOURLY", label: "At most one per timeline an hour" },
            { value: "DAILY", label: "One note a day" },
          ]}
        />
      </section>
      <section className={styles.group}>
        <h2>E-mail digest</h2>
        <Select<DigestFrequency>
          label="E-mail digest"
          value={emailDigest}
          onChange={setEmailDigest}
          options={[
            { value: "OFF", label: "Off" },
            { value: "DAILY", label: "Daily" },
            { value: "WEEKLY", label: "Weekly" },
          ]}
        />
        <Select<number> label="At" value={digestHour} onChange={setDigestHour} options={hourOptions} />
        {digestExtra}
      </section>
      <section className={styles.group}>
        <h2>Quiet hours</h2>
        <p className={styles.hint}>Nothing is pushed in these hours. The same start and end means none.</p>
        <div className={styles.row}>
          <Select<number> label="From" value={quietStart} onChange={setQuietStart} options={hourOptions} />
          <Select<number> label="Until" value={quietEnd} onChange={setQuietEnd} options={hourOptions} />
        </div>
        <div className={styles.field}>
          <label htmlFor={zoneId}>Time zone</label>
          <input id={zoneId} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} autoComplete="off" />
        </div>
      </section>
      {timelines.length > 0 ? (
        <section className={styles.group}>
          <h2>Mute a timeline</h2>
          {timelines.map((t) => (
            <label key={t.id} className={styles.check}>
              <input
                type="checkbox"
                checked={muted.has(t.id)}
                onChange={(e) => {
                  const next = new Set(muted);
                  if (e.target.checked) next.add(t.id);
                  else next.delete(t.id);
                  setMuted(next);
                }}
              />
              {t.title}
            </label>
          ))}
        </section>
      ) : null}
      <FormAlert message={error} />
      <div className={formStyles.actions}>
        <Button type="submit" busy={loading} busyLabel="Saving...">
          Save
        </Button>
      </div>
    </form>
  );
}
