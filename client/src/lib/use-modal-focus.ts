import { useEffect, useRef, type RefObject } from "react";

const focusableSelector = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "video[controls]",
  "audio[controls]",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

/** The elements inside `container` that Tab can reach, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.hasAttribute("inert") && !element.closest("[inert]") && element.tabIndex >= 0,
  );
}

interface ModalFocusOptions {
  /** Called on Escape. */
  onEscape?: () => void;
  /**
   * The element to focus first, as a selector inside the container (e.g. "[data-autofocus]");
   * by default the first focusable one, else the container.
   */
  initialFocus?: string;
}

/**
 * Focus management of a modal (the memory viewer, confirmation dialogs): while mounted, focus
 * moves into `container`, Tab and Shift+Tab cycle inside it, Escape calls `onEscape`, and on
 * unmount focus returns to the element that had it before (the opener). Also stops the page
 * behind from scrolling.
 */
export function useModalFocus(container: RefObject<HTMLElement | null>, { onEscape, initialFocus }: ModalFocusOptions) {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = container.current;
    const preferred = initialFocus && root ? root.querySelector<HTMLElement>(initialFocus) : null;
    const first = preferred ?? (root ? focusableIn(root)[0] : undefined) ?? root;
    first?.focus();

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";

    function onKeyDown(event: KeyboardEvent) {
      const box = container.current;
      if (!box) return;
      if (event.key === "Escape") {
        if (onEscapeRef.current) {
          event.preventDefault();
          event.stopPropagation();
          onEscapeRef.current();
        }
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(box);
      if (items.length === 0) {
        event.preventDefault();
        box.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && box.contains(active);
      if (event.shiftKey && (active === firstItem || !inside || active === box)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !inside)) {
        event.preventDefault();
        firstItem.focus();
      }
    }

    // Focus that escapes (a click on the page behind, a screen reader's virtual cursor) comes back.
    function onFocusIn(event: FocusEvent) {
      const box = container.current;
      if (box && event.target instanceof Node && !box.contains(event.target)) {
        (focusableIn(box)[0] ?? box).focus();
      }
    }

    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("focusin", onFocusIn);
      document.body.style.overflow = previousOverflow;
      if (opener && opener.isConnected) opener.focus();
    };
    // Runs once per opening: the container and the initial focus are fixed for a modal's life.
  }, []);
}
