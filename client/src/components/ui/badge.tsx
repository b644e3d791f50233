import type { ReactNode } from "react";
import styles from "./badge.module.css";

export type BadgeTone = "count" | "pending" | "neutral";

interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  /** Replaces the visible text for assistive technology. */
  label?: string;
}

export function Badge({ tone = "neutral", children, className, label }: BadgeProps) {
  const classes = [styles.badge, styles[tone], className].filter(Boolean).join(" ");
  if (label) {
    return (
      <span className={classes}>
        <span aria-hidden="true">{children}</span>
        <span className="visually-hidden">{label}</span>
      </span>
    );
  }
  return <span className={classes}>{children}</span>;
}

/** Spec §2/§9: the unread count shows as "9+" above 9. */
export function formatUnreadCount(count: number): string {
  return count > 9 ? "9+" : String(count);
}

/** The unread badge; renders nothing when there is nothing unread. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (!Number.isFinite(count) || count <= 0) return null;
  return (
    <Badge tone="count" className={className} label={`${count} unread`}>
      {formatUnreadCount(count)}
    </Badge>
  );
}

/** The amber "Pending" badge of a timeline awaiting the invitee. */
export function PendingBadge() {
  return <Badge tone="pending">Pending</Badge>;
}
