import type { FieldMetadata } from "@conform-to/react";
import { IconPhotoUp } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useHydrated } from "../use-hydrated";
import "./file-picker.css";

type FilePickerProps = {
  meta: FieldMetadata<unknown>;
  label: string;
  /** The button's text, in the page's language rather than the browser's. */
  choose: string;
  /** Said while no file is chosen. */
  none: string;
  hint: string;
  invalid: boolean;
  /** The field's errors, which `meta.errorId` names. */
  error: ReactNode;
  accept: string;
  multiple?: boolean;
};

/**
 * A file field whose texts follow the page's language: the native input is only visually hidden
 * (it keeps the keyboard focus and sends the files without JavaScript), and its second label is the
 * styled button. With JavaScript, a status says which files are chosen; without, it stays empty
 * rather than say "none" after a choice it cannot see.
 */
export function FilePicker({ meta, label, choose, none, hint, invalid, error, accept, multiple }: FilePickerProps) {
  const hydrated = useHydrated();
  const [names, setNames] = useState<string[]>([]);
  const hintId = `${meta.id}-hint`;
  const statusId = `${meta.id}-status`;
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <div className="file-picker">
        <input
          id={meta.id}
          name={meta.name}
          type="file"
          multiple={multiple}
          accept={accept}
          className="visually-hidden file-picker__input"
          aria-invalid={invalid || undefined}
          aria-describedby={[hydrated && statusId, hintId, invalid && meta.errorId].filter(Boolean).join(" ")}
          onChange={(event) => setNames([...(event.target.files ?? [])].map((file) => file.name))}
        />
        <label htmlFor={meta.id} className="file-picker__button" data-testid="file-picker-button">
          <IconPhotoUp size={18} aria-hidden />
          {choose}
        </label>
        <span id={statusId} className="file-picker__status" aria-live="polite" data-testid="file-picker-status">
          {hydrated && (names.length > 0 ? names.join(", ") : none)}
        </span>
      </div>
      <p id={hintId} className="field-hint">
        {hint}
      </p>
      {error}
    </div>
  );
}
