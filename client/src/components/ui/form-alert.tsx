import styles from "./form.module.css";

/** A form's failure or a field's alert (role "alert"), or nothing when there is no message. */
export function FormAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={styles.alert}>
      {message}
    </p>
  );
}
