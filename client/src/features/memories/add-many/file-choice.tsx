import { useId, useRef, type ReactNode } from "react";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import styles from "./trip-review.module.css";

/** A button that opens the system picker for several photos and videos at once. */
export function FileChoice({
  children,
  onFiles,
  variant = "primary",
  disabled,
  name,
}: {
  /** The input's name (the journeys find it by it). */
  name?: string;
  children: ReactNode;
  onFiles: (files: File[]) => void;
  variant?: ButtonVariant;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <input
        ref={input}
        id={id}
        name={name}
        className={styles.hiddenInput}
        type="file"
        accept="image/*,video/*"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
      <Button variant={variant} block disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
