import {
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Radio,
  TextInput as MantineTextInput,
  type InputWrapperProps,
  type NativeSelectProps,
  type TextInputProps,
} from "@mantine/core";
import { IconSelector } from "@tabler/icons-react";
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
  return { ...frameLook(look), classNames: { ...frameClassNames, input: "kit-input" } } satisfies Partial<TextInputProps>;
}

/** A labelled text input (search, email, number…); the label is visible unless an aria-label names it. */
export function TextInput({ className, labelBeside, ...input }: Look & Omit<TextInputProps, "classNames" | "size">) {
  return <MantineTextInput {...inputLook({ className, labelBeside })} {...input} />;
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
