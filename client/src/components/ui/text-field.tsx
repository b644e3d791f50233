import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { characterCount } from "../../lib/characters";
import { CharCounter } from "./char-counter";
import styles from "./text-field.module.css";

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shows the counter and its over-limit warning (docs/product.md §5); the field is not cut off. */
  max?: number;
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  placeholder?: string;
  /** A line of help under the field. */
  hint?: ReactNode;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  disabled?: boolean;
  id?: string;
  /** Extra attributes for the input (not used for textareas). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "id" | "type">;
}

/** A labelled text input or textarea with an optional character counter. */
export function TextField({
  label,
  value,
  onChange,
  max,
  multiline = false,
  rows = 4,
  required = false,
  placeholder,
  hint,
  type = "text",
  autoComplete,
  disabled,
  id,
  inputProps,
}: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const counterId = `${fieldId}-count`;
  const over = max !== undefined && characterCount(value) > max;
  const describedBy =
    [hint ? hintId : null, max !== undefined ? counterId : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id: fieldId,
    className: styles.control,
    value,
    placeholder,
    required,
    disabled,
    "aria-describedby": describedBy,
    "aria-invalid": over || undefined,
  };

  return (
    <div className={styles.field}>
      <label htmlFor={fieldId} className={styles.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...inputProps}
          {...common}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint || max !== undefined ? (
        <div className={styles.foot}>
          {hint ? (
            <span id={hintId} className={styles.hint}>
              {hint}
            </span>
          ) : (
            <span />
          )}
          {max !== undefined ? <CharCounter id={counterId} current={characterCount(value)} max={max} /> : null}
        </div>
      ) : null}
    </div>
  );
}
