import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
import { OFFLINE_REASON_ID, useNeedsConnection } from "../../lib/use-online";
import styles from "./button.module.css";
import { SpinnerRing } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

interface ButtonLookProps {
  variant?: ButtonVariant;
  block?: boolean;
}

export function buttonClassName({ variant = "primary", block = false }: ButtonLookProps, extra?: string): string {
  return [styles.button, styles[variant], block ? styles.block : undefined, extra].filter(Boolean).join(" ");
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLookProps {
  /** While true the button is disabled and shows `busyLabel` (e.g. "Sending..."). */
  busy?: boolean;
  busyLabel?: string;
  /** Offline, disabled, described by the Offline banner's reason ("Changes need a connection"). */
  needsNetwork?: boolean;
}

/** What a control that needs the network gets while the device is offline. */
function offlineLock(locked: boolean) {
  return locked ? { "aria-describedby": OFFLINE_REASON_ID, title: "Needs a connection" } : {};
}

export function Button({
  variant,
  block,
  busy = false,
  busyLabel,
  needsNetwork = false,
  disabled,
  className,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  const locked = useNeedsConnection(needsNetwork);
  return (
    <button
      type={type}
      className={buttonClassName({ variant, block }, className)}
      disabled={disabled || busy || locked}
      aria-busy={busy || undefined}
      {...rest}
      {...offlineLock(locked)}
    >
      {busy ? <SpinnerRing /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** A router link that looks like a button; with `needsNetwork`, offline it is a disabled link that leads nowhere. */
export function ButtonLink({
  variant,
  block,
  className,
  needsNetwork = false,
  ...rest
}: LinkProps & ButtonLookProps & { needsNetwork?: boolean }) {
  const locked = useNeedsConnection(needsNetwork);
  if (locked)
    return (
      <a
        role="link"
        aria-disabled="true"
        className={buttonClassName({ variant, block }, className)}
        {...offlineLock(true)}
      >
        {rest.children}
      </a>
    );
  return <Link className={buttonClassName({ variant, block }, className)} {...rest} />;
}
