import { PARTNER_MEANING_MAX } from "@keepsake/contract";
import { TextField } from "../../../components/ui/text-field";

interface PartnerNoteFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * The partner's own "Why this moment matters" (docs/decisions/027-two-voices.md), with the
 * meaning's limit and counter; the same field in the Edit Memory form and in the viewer's editor.
 */
export function PartnerNoteField({ value, onChange }: PartnerNoteFieldProps) {
  return (
    <TextField
      label="Your note"
      value={value}
      onChange={onChange}
      max={PARTNER_MEANING_MAX}
      multiline
      rows={4}
      placeholder="Why this moment matters to you"
    />
  );
}
