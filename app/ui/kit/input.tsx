import {
  DEFAULT_THEME,
  getThemeColor,
  Input,
  type InputWrapperProps,
  mergeMantineTheme,
  type TextInputProps as MantineTextInputProps,
} from "@mantine/core";
import { IconSelector } from "@tabler/icons-react";
import { type ComponentProps, type CSSProperties, type ReactNode, type SyntheticEvent, useId, useState } from "react";

import { mantineTheme } from "../mantine-theme";
import { dataFlag } from "./data-flag";

import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Checkbox.css";
import "./input.css";

type Look = { className?: string; labelBeside?: boolean };

/**
 * What every kit control shares: Mantine's input at the buttons' height, its label above (or beside),
 * then its hint and its error; no asterisk, as before.
 */
function frameLook({ className, labelBeside }: Look) {
  return {
    size: "sm",
    withAsterisk: false,
    inputWrapperOrder: ["label", "input", "description", "error"],
    className: ["kit-field", labelBeside && "kit-field--label-beside", className].filter(Boolean).join(" "),
  } satisfies Partial<InputWrapperProps>;
}

const frameClassNames = { label: "kit-label", description: "kit-description", error: "kit-error" };

export function inputLook(look: Look = {}) {
  return { ...frameLook(look), classNames: { ...frameClassNames, input: "kit-input" } } satisfies Partial<MantineTextInputProps>;
}

type TextInputProps = Look &
  Omit<ComponentProps<"input">, "size" | "style" | "children"> & { label?: ReactNode; description?: ReactNode; error?: ReactNode };

// Mantine's variables for a size-sm field, as its TextInput writes them.
const labelSize = { "--input-label-size": "var(--mantine-font-size-sm)" } as CSSProperties;
const hintSize = "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))";
const fieldNotes = {
  description: { style: { "--input-description-size": hintSize } as CSSProperties, className: "kit-description m_fe47ce59" },
  error: { style: { "--input-error-size": hintSize } as CSSProperties, className: "kit-error m_8f816625" },
};
/** The Mantine component whose markup a plain field copies: its name is in every part's class. */
type Drawn = "TextInput" | "PasswordInput" | "NativeSelect";
const inputFrame = { "--input-height": "var(--input-height-sm)", "--input-fz": "var(--mantine-font-size-sm)" } as CSSProperties;
const inputFrameAboveHint = { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)", ...inputFrame } as CSSProperties;

/** The hint or the error under a field, as Mantine's InputWrapper draws them. */
function FieldNote({ kind, drawn, id, children }: { kind: keyof typeof fieldNotes; drawn: Drawn; id: string; children: ReactNode }) {
  const { style, className } = fieldNotes[kind];
  return (
    <p style={style} className={`${className} mantine-InputWrapper-${kind} mantine-${drawn}-${kind}`} data-size="sm" id={id}>
      {children}
    </p>
  );
}

type FrameProps = FieldParts & {
  drawn: Drawn;
  inputId: string;
  /** The root's classes before the InputWrapper's own. */
  rootClassName: string;
  rootStyle?: CSSProperties;
  /** Variables the input frame adds after the size's. */
  wrapperStyle?: CSSProperties;
  withRightSection?: boolean;
  withPointer?: boolean;
  children: ReactNode;
};

/** A field's label, input frame, hint and error as Mantine's InputWrapper and Input draw them around its input. */
function FieldFrame(props: FrameProps) {
  const { drawn, inputId, label, description, error, rootClassName, rootStyle, wrapperStyle, withRightSection, withPointer, children } =
    props;
  const hasError = Boolean(error);
  const sizeStyle = hasError || description ? inputFrameAboveHint : inputFrame;
  return (
    <div
      style={rootStyle}
      className={`${rootClassName} m_46b77525 mantine-InputWrapper-root mantine-${drawn}-root`}
      data-size="sm"
      data-error={dataFlag(hasError)}
    >
      {label && (
        <label
          style={labelSize}
          className={`kit-label m_8fdc1311 mantine-InputWrapper-label mantine-${drawn}-label`}
          data-size="sm"
          htmlFor={inputId}
          id={`${inputId}-label`}
        >
          {label}
        </label>
      )}
      <div
        style={wrapperStyle ? { ...sizeStyle, ...wrapperStyle } : sizeStyle}
        className={`m_6c018570 mantine-Input-wrapper mantine-${drawn}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={dataFlag(hasError)}
        data-pointer={dataFlag(withPointer)}
        data-with-right-section={dataFlag(withRightSection)}
      >
        {children}
      </div>
      {description && (
        <FieldNote kind="description" drawn={drawn} id={`${inputId}-description`}>
          {description}
        </FieldNote>
      )}
      {error && (
        <FieldNote kind="error" drawn={drawn} id={`${inputId}-error`}>
          {error}
        </FieldNote>
      )}
    </div>
  );
}

type FieldParts = { label?: ReactNode; description?: ReactNode; error?: ReactNode };

/**
 * A field's id (its own, or a generated one) and what describes it, as Mantine points to them: the
 * error, then the hint, then an aria-describedby the field was given (Mantine's would drop it).
 */
function useFieldIds(id: string | undefined, { description, error }: FieldParts, describedBy: string | undefined) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hasError = Boolean(error);
  const describedByIds =
    [hasError && `${inputId}-error`, description && `${inputId}-description`, describedBy].filter(Boolean).join(" ") || undefined;
  return { inputId, hasError, describedByIds };
}

/**
 * A labelled text input (search, email, number…) with its hint and its error; the label is
 * visible unless an aria-label names it. Mantine's TextInput as its markup alone (classes,
 * variables, ids and aria, per tests/unit/kit-plain-markup.test.tsx): a form of a dozen inputs
 * spent more on Mantine's props, styles and theme hooks than on the rest of its page. Unlike
 * Mantine's, an aria-describedby given to it is kept, after the error's and the hint's ids.
 */
export function TextInput({
  className,
  labelBeside,
  label,
  description,
  error,
  id,
  "aria-describedby": describedBy,
  ...input
}: TextInputProps) {
  const { inputId, hasError, describedByIds } = useFieldIds(id, { description, error }, describedBy);
  return (
    <FieldFrame
      drawn="TextInput"
      inputId={inputId}
      label={label}
      description={description}
      error={error}
      rootClassName={frameLook({ className, labelBeside }).className}
    >
      <input
        className="kit-input m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        data-variant="default"
        data-error={dataFlag(hasError)}
        {...input}
        aria-invalid={hasError}
        aria-describedby={describedByIds}
        id={inputId}
      />
    </FieldFrame>
  );
}

const passwordRoot = { "--psi-icon-size": "var(--psi-icon-size-sm)", "--psi-button-size": "var(--psi-button-size-sm)" } as CSSProperties;
// Mantine's subtle gray ActionIcon, as the PasswordInput draws its toggle.
const passwordToggle = {
  "--ai-bg": "transparent",
  "--ai-hover": "var(--mantine-color-gray-light-hover)",
  "--ai-color": "var(--mantine-color-gray-light-color)",
  "--ai-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
} as CSSProperties;
const hiddenPasswordToggle = { ...passwordToggle, visibility: "hidden" } as CSSProperties;
const eyeIcon = { width: "var(--psi-icon-size)", height: "var(--psi-icon-size)" };
// Mantine's PasswordToggleIcon: an open eye, and a struck-through one while the password shows.
const eyePaths = {
  open: "M7.5 11C4.80285 11 2.52952 9.62184 1.09622 7.50001C2.52952 5.37816 4.80285 4 7.5 4C10.1971 4 12.4705 5.37816 13.9038 7.50001C12.4705 9.62183 10.1971 11 7.5 11ZM7.5 3C4.30786 3 1.65639 4.70638 0.0760002 7.23501C-0.0253338 7.39715 -0.0253334 7.60288 0.0760014 7.76501C1.65639 10.2936 4.30786 12 7.5 12C10.6921 12 13.3436 10.2936 14.924 7.76501C15.0253 7.60288 15.0253 7.39715 14.924 7.23501C13.3436 4.70638 10.6921 3 7.5 3ZM7.5 9.5C8.60457 9.5 9.5 8.60457 9.5 7.5C9.5 6.39543 8.60457 5.5 7.5 5.5C6.39543 5.5 5.5 6.39543 5.5 7.5C5.5 8.60457 6.39543 9.5 7.5 9.5Z",
  struck:
    "M13.3536 2.35355C13.5488 2.15829 13.5488 1.84171 13.3536 1.64645C13.1583 1.45118 12.8417 1.45118 12.6464 1.64645L10.6828 3.61012C9.70652 3.21671 8.63759 3 7.5 3C4.30786 3 1.65639 4.70638 0.0760002 7.23501C-0.0253338 7.39715 -0.0253334 7.60288 0.0760014 7.76501C0.902945 9.08812 2.02314 10.1861 3.36061 10.9323L1.64645 12.6464C1.45118 12.8417 1.45118 13.1583 1.64645 13.3536C1.84171 13.5488 2.15829 13.5488 2.35355 13.3536L4.31723 11.3899C5.29348 11.7833 6.36241 12 7.5 12C10.6921 12 13.3436 10.2936 14.924 7.76501C15.0253 7.60288 15.0253 7.39715 14.924 7.23501C14.0971 5.9119 12.9769 4.81391 11.6394 4.06771L13.3536 2.35355ZM9.90428 4.38861C9.15332 4.1361 8.34759 4 7.5 4C4.80285 4 2.52952 5.37816 1.09622 7.50001C1.87284 8.6497 2.89609 9.58106 4.09974 10.1931L9.90428 4.38861ZM5.09572 10.6114L10.9003 4.80685C12.1039 5.41894 13.1272 6.35031 13.9038 7.50001C12.4705 9.62183 10.1971 11 7.5 11C6.65241 11 5.84668 10.8639 5.09572 10.6114Z",
};

type PasswordInputProps = FieldParts &
  Omit<ComponentProps<"input">, "size" | "style" | "children" | "type" | "id"> & { id: string; toggleHidden?: boolean };

/**
 * Mantine's PasswordInput as its markup alone, like TextInput above: a press on the eye (pointer or
 * touch, as Mantine's; it is out of the tab order) shows or hides the password. `toggleHidden`
 * keeps the eye's place but out of sight, for a page not yet hydrated, where it could not work.
 */
export function PasswordInput({ id, label, description, error, toggleHidden, ...input }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const toggle = (event: SyntheticEvent) => {
    event.preventDefault();
    setVisible((shown) => !shown);
  };
  const hasError = Boolean(error);
  const describedBy = [hasError && `${id}-error`, description && `${id}-description`].filter(Boolean).join(" ") || undefined;
  return (
    <FieldFrame
      drawn="PasswordInput"
      inputId={id}
      label={label}
      description={description}
      error={error}
      rootClassName={`${frameLook({}).className} m_f61ca620 mantine-PasswordInput-root`}
      rootStyle={passwordRoot}
      withRightSection
    >
      <div
        className="m_ccf8da4c kit-input m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input"
        data-variant="default"
        data-error={dataFlag(hasError)}
      >
        <input
          data-invalid={dataFlag(hasError)}
          className="m_f2d85dd2 mantine-PasswordInput-innerInput"
          {...input}
          id={id}
          aria-describedby={describedBy}
          type={visible ? "text" : "password"}
        />
      </div>
      <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-PasswordInput-section">
        <button
          style={toggleHidden ? hiddenPasswordToggle : passwordToggle}
          className="mantine-focus-auto mantine-active m_b1072d44 mantine-PasswordInput-visibilityToggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
          data-variant="subtle"
          type="button"
          aria-hidden="true"
          aria-pressed={visible}
          tabIndex={-1}
          onMouseDown={toggle}
          onTouchEnd={toggle}
        >
          <span className="m_8d3afb97 mantine-ActionIcon-icon">
            <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={eyeIcon}>
              <path d={visible ? eyePaths.struck : eyePaths.open} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
            </svg>
          </span>
        </button>
      </div>
    </FieldFrame>
  );
}

type SelectProps = Look & FieldParts & Omit<ComponentProps<"select">, "size" | "style">;
// Mantine's NativeSelect lets a click on its arrow through to the select underneath.
const selectFrame = { "--input-right-section-pointer-events": "none" } as CSSProperties;

/**
 * A native select with its label, hint and error; its options are its children, so it works
 * without JavaScript. Mantine's NativeSelect as its markup alone, like TextInput above: favourites
 * repeat one on every row.
 */
export function Select({
  className,
  labelBeside,
  label,
  description,
  error,
  id,
  "aria-describedby": describedBy,
  children,
  ...select
}: SelectProps) {
  const { inputId, hasError, describedByIds } = useFieldIds(id, { description, error }, describedBy);
  return (
    <FieldFrame
      drawn="NativeSelect"
      inputId={inputId}
      label={label}
      description={description}
      error={error}
      rootClassName={frameLook({ className, labelBeside }).className}
      wrapperStyle={selectFrame}
      withRightSection
      withPointer
    >
      <select
        className="kit-input m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
        data-variant="default"
        data-error={dataFlag(hasError)}
        {...select}
        aria-invalid={hasError}
        aria-describedby={describedByIds}
        id={inputId}
      >
        {children}
      </select>
      <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
        <IconSelector size={16} aria-hidden />
      </div>
    </FieldFrame>
  );
}

/** Label, hint and error around a control the kit has no component for (a file picker). */
export function InputFrame({ className, ...wrapper }: Omit<InputWrapperProps, "classNames" | "size">) {
  return <Input.Wrapper {...frameLook({ className })} classNames={frameClassNames} {...wrapper} />;
}

// Mantine's checkboxes and radios take the theme's primary colour.
const primaryFilled = getThemeColor(mantineTheme.primaryColor, mergeMantineTheme(DEFAULT_THEME, mantineTheme));
const radioLook = {
  "--radio-color": primaryFilled,
  "--label-fz": "var(--mantine-font-size-sm)",
  "--label-lh": "var(--label-lh-sm)",
} as CSSProperties;
const radioRow = {
  "--group-gap": "var(--mantine-spacing-lg)",
  "--group-align": "center",
  "--group-justify": "flex-start",
  "--group-wrap": "wrap",
  marginTop: "var(--mantine-spacing-xs)",
} as CSSProperties;

type RadioGroupProps = {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
};

/**
 * Native radios under a visible group label (role="radiogroup", labelled by it); they post without
 * JavaScript. Mantine's Radio.Group of Radios as its markup alone, like TextInput above.
 */
export function RadioGroup({ name, label, options, defaultValue }: RadioGroupProps) {
  const id = useId();
  const [checked, setChecked] = useState(defaultValue);
  return (
    <div className={`${frameLook({}).className} m_46b77525 mantine-InputWrapper-root mantine-RadioGroup-root`} data-size="sm">
      <div
        style={labelSize}
        className="kit-label m_8fdc1311 mantine-InputWrapper-label mantine-RadioGroup-label"
        data-size="sm"
        id={`${id}-label`}
      >
        {label}
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-label`}>
        <div style={radioRow} className="m_4081bf90 mantine-Group-root">
          {options.map((option) => (
            <div
              key={option.value}
              style={radioLook}
              className="m_f3f1af94 mantine-Radio-root m_5f75b09e mantine-Radio-root"
              data-size="sm"
              data-label-position="right"
              data-checked={dataFlag(option.value === checked)}
            >
              <div className="m_5f6e695e mantine-Radio-body">
                <div className="m_89c4f5e4 mantine-Radio-inner" data-label-position="right">
                  <input
                    className="mantine-focus-auto m_8a3dbb89 mantine-Radio-radio"
                    id={`${id}-${option.value}`}
                    type="radio"
                    name={name}
                    value={option.value}
                    defaultChecked={option.value === defaultValue}
                    onChange={() => setChecked(option.value)}
                  />
                  <svg
                    xmlns="http://www.w3.org/2000/svg"
                    fill="none"
                    viewBox="0 0 5 5"
                    aria-hidden="true"
                    className="m_f3ed6b2b mantine-Radio-icon"
                  >
                    <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
                  </svg>
                </div>
                <div className="m_d3ea56bb mantine-Radio-labelWrapper">
                  <label className="m_8ee546b8 mantine-Radio-label" htmlFor={`${id}-${option.value}`}>
                    {option.label}
                  </label>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

const tick = "M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z";

type CheckboxBoxProps = Omit<ComponentProps<"input">, "type" | "size" | "style" | "color"> & {
  label?: ReactNode;
  error?: ReactNode;
  rootStyle: CSSProperties;
  rootClassName?: string;
  size?: "xs";
};

/** Mantine's Checkbox as its markup alone: the box, its tick drawn from :checked, its label and its error. */
function CheckboxBox({ label, error, rootStyle, rootClassName, size, id, ...input }: CheckboxBoxProps) {
  return (
    <div
      style={rootStyle}
      className={`${rootClassName ? `${rootClassName} ` : ""}m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root`}
      data-variant="filled"
      data-size={size}
      data-label-position="right"
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-error={dataFlag(Boolean(error))}
            id={id}
            {...input}
            type="checkbox"
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden="true"
            className="m_bf295423 mantine-Checkbox-icon"
          >
            <path d={tick} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper">
          {label && (
            <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={id}>
              {label}
            </label>
          )}
          {error && <p className="kit-error m_8e8a99cc mantine-Checkbox-error m_8f816625 mantine-InputWrapper-error">{error}</p>}
        </div>
      </div>
    </div>
  );
}

const labelledCheckboxLook = { "--checkbox-radius": "var(--mantine-radius-sm)", "--checkbox-color": primaryFilled } as CSSProperties;

/** A labelled box with its error under the label (the error is whatever node names it, with its own id). */
export function LabelledCheckbox(props: Omit<CheckboxBoxProps, "rootStyle" | "rootClassName" | "size"> & { id: string; label: ReactNode }) {
  return <CheckboxBox {...props} rootStyle={labelledCheckboxLook} rootClassName="kit-field" />;
}

type WrappedCheckboxProps = { name: string; value: string; defaultChecked: boolean; color: string };

/**
 * Mantine's box alone, for a control whose own <label> wraps it (a filter chip): the whole chip
 * toggles it and names it. Its tick is drawn from :checked, so it shows without JavaScript too.
 */
export function WrappedCheckbox({ color, ...input }: WrappedCheckboxProps) {
  const look = {
    "--checkbox-size": "var(--checkbox-size-xs)",
    "--checkbox-radius": "var(--mantine-radius-sm)",
    "--checkbox-color": color,
    "--label-fz": "var(--mantine-font-size-xs)",
    "--label-lh": "var(--label-lh-xs)",
  } as CSSProperties;
  return <CheckboxBox {...input} rootStyle={look} size="xs" />;
}
