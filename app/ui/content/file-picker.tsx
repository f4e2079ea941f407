import type { FieldMetadata } from "@conform-to/react";
import { IconPhotoUp } from "@tabler/icons-react";
import { useState } from "react";

import { InputFrame } from "../kit/input";
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
  /** The field's errors as one line, shown under it with the id `meta.errorId`. */
  error: string | undefined;
  accept: string;
  multiple?: boolean;
};

/**
 * A file field whose texts follow the page's language: the native input is only visually hidden
 * (it keeps the keyboard focus and sends the files without JavaScript), and its second label is the
 * styled button. With JavaScript, a status says which files are chosen; without, it stays empty
 * rather than say "none" after a choice it cannot see.
 */
export function FilePicker({ meta, label, choose, none, hint, error, accept, multiple }: FilePickerProps) {
  const hydrated = useHydrated();
  const [names, setNames] = useState<string[]>([]);
  const statusId = `${meta.id}-status`;
  return (
    // The frame names the hint and the error after the input's id, as Conform does.
    <InputFrame id={meta.id} label={label} description={hint} error={error}>
      <div className="file-picker">
        <input
          id={meta.id}
          name={meta.name}
          type="file"
          multiple={multiple}
          accept={accept}
          className="visually-hidden file-picker__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hydrated && statusId, meta.descriptionId, error && meta.errorId].filter(Boolean).join(" ")}
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
    </InputFrame>
  );
}
