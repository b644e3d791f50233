import { useEffect } from "react";

/** Sets `document.title` to "{title} · Keepsake" while the component is mounted. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · Keepsake` : "Keepsake";
    return () => {
      document.title = previous;
    };
  }, [title]);
}
