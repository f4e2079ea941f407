import {
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Radio,
  type InputWrapperProps,
  type NativeSelectProps,
  type TextInputProps as MantineTextInputProps,
} from "@mantine/core";
import { IconSelector } from "@tabler/icons-react";
import { useId, type ComponentProps, type CSSProperties, type ReactNode } from "react";
import "@mantine/core/styles/Input.css";
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
  description: {
    style: { "--input-description-size": hintSize } as CSSProperties,
    className: "kit-description m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description",
  },
  error: {
    style: { "--input-error-size": hintSize } as CSSProperties,
    className: "kit-error m_8f816625 mantine-InputWrapper-error mantine-TextInput-error",
  },
};
export const inputFrame = { "--input-height": "var(--input-height-sm)", "--input-fz": "var(--mantine-font-size-sm)" } as CSSProperties;
const inputFrameAboveHint = { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)", ...inputFrame } as CSSProperties;
const when = (condition: boolean) => (condition ? "true" : undefined);

/** The hint or the error under a field, as Mantine's InputWrapper draws them. */
function FieldNote({ kind, id, children }: { kind: keyof typeof fieldNotes; id: string; children: ReactNode }) {
  return (
    <p {...fieldNotes[kind]} data-size="sm" id={id}>
      {children}
    </p>
  );
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
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hasError = Boolean(error);
  const hasDescription = Boolean(description);
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const describedByIds = [hasError && errorId, hasDescription && descriptionId, describedBy].filter(Boolean).join(" ") || undefined;
  const rootClass = frameLook({ className, labelBeside }).className;
  return (
    <div className={`${rootClass} m_46b77525 mantine-InputWrapper-root mantine-TextInput-root`} data-size="sm" data-error={when(hasError)}>
      {label && (
        <label
          style={labelSize}
          className="kit-label m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
          data-size="sm"
          htmlFor={inputId}
          id={`${inputId}-label`}
        >
          {label}
        </label>
      )}
      <div
        style={hasError || hasDescription ? inputFrameAboveHint : inputFrame}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={when(hasError)}
      >
        <input
          className="kit-input m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={when(hasError)}
          {...input}
          aria-invalid={hasError}
          aria-describedby={describedByIds}
          id={inputId}
        />
      </div>
      {hasDescription && (
        <FieldNote kind="description" id={descriptionId}>
          {description}
        </FieldNote>
      )}
      {hasError && (
        <FieldNote kind="error" id={errorId}>
          {error}
        </FieldNote>
      )}
    </div>
  );
}

/** A native select drawn as Mantine's inputs are; its options are its children, so it works without JavaScript. */
export function Select({
  className,
  labelBeside,
  ...select
}: Look & Omit<NativeSelectProps, "classNames" | "size" | "data" | "rightSection">) {
  return <NativeSelect {...inputLook({ className, labelBeside })} rightSection={<IconSelector size={16} aria-hidden />} {...select} />;
}

/** Label, hint and error around a control the kit has no component for (a file picker). */
export function InputFrame({ className, ...wrapper }: Omit<InputWrapperProps, "classNames" | "size">) {
  return <Input.Wrapper {...frameLook({ className })} classNames={frameClassNames} {...wrapper} />;
}

type RadioGroupProps = {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
};

/** Native radios under a visible group label (role="radiogroup", labelled by it); they post without JavaScript. */
export function RadioGroup({ name, label, options, defaultValue }: RadioGroupProps) {
  return (
    <Radio.Group {...frameLook({})} classNames={frameClassNames} name={name} label={label} defaultValue={defaultValue}>
      <Group gap="lg" mt="xs">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Group>
    </Radio.Group>
  );
}

type WrappedCheckboxProps = { name: string; value: string; defaultChecked: boolean; color?: string };

/**
 * Mantine's box alone, for a control whose own <label> wraps it (a filter chip): the whole chip
 * toggles it and names it. Its tick is drawn from :checked, so it shows without JavaScript too.
 */
export function WrappedCheckbox(props: WrappedCheckboxProps) {
  return <Checkbox {...props} size="xs" radius="sm" />;
}
