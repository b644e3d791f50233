import type { ReactNode } from "react";
import { useDocumentTitle } from "../../lib/use-document-title";

interface ScreenHeaderProps {
  title: string;
  subtitle?: string;
  /** Buttons or links at the end of the header. */
  actions?: ReactNode;
}

/** A screen's heading (its one h1) and subtitle; also sets the document title. */
export function ScreenHeader({ title, subtitle, actions }: ScreenHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="screen-header">
      <h1 className="screen-title">{title}</h1>
      {subtitle ? <p className="screen-subtitle">{subtitle}</p> : null}
      {actions}
    </header>
  );
}
