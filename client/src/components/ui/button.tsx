import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router-dom";
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
}

export function Button({
  variant,
  block,
  busy = false,
  busyLabel,
  disabled,
  className,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <SpinnerRing /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, block, className, ...rest }: LinkProps & ButtonLookProps) {
  return <Link className={buttonClassName({ variant, block }, className)} {...rest} />;
}
