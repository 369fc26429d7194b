import type { ChangeEventHandler, InputHTMLAttributes } from "react";
import { describedBy, type FieldProps, InputWrapper, useFieldId } from "./input-wrapper.tsx";
import type { Style } from "./mantine-values.ts";

/**
 * Mantine's TextInput and NativeSelect as plain elements with Mantine's classes and
 * variables (decision 024): a label, the control, and its error below, tied together by
 * ids (`aria-describedby`, `aria-invalid`) as Mantine ties them.
 */

/** What the control itself says of its state, as Mantine's Input writes it. */
function controlAttributes(id: string, field: FieldProps) {
  return {
    "data-variant": "default",
    "data-error": field.error ? true : undefined,
    "data-disabled": field.disabled || undefined,
    required: field.required,
    disabled: field.disabled,
    "aria-invalid": field.error ? true : undefined,
    "aria-describedby": describedBy(id, field),
    id,
  };
}

export function TextInput({
  label,
  description,
  error,
  required,
  disabled,
  className,
  style,
  widthFromXs,
  ...input
}: FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "id" | "style" | "required">) {
  const id = useFieldId();
  const field = { label, description, error, required, disabled, className, style, widthFromXs };
  return (
    <InputWrapper kind="TextInput" id={id} {...field}>
      <input
        className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        {...input}
        {...controlAttributes(id, field)}
      />
    </InputWrapper>
  );
}

export function NativeSelect({
  label,
  error,
  className,
  style,
  widthFromXs,
  name,
  data,
  defaultValue,
  onChange,
}: Omit<FieldProps, "description" | "required" | "disabled"> & {
  name: string;
  data: readonly { value: string; label: string }[];
  defaultValue?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
}) {
  const id = useFieldId();
  const field = { label, error, className, style, widthFromXs };
  return (
    <InputWrapper
      kind="NativeSelect"
      id={id}
      {...field}
      pointer
      withRightSection
      rightSection={<Chevron error={error} />}
    >
      <select
        className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
        {...controlAttributes(id, field)}
        name={name}
        defaultValue={defaultValue}
        onChange={onChange}
      >
        {data.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </InputWrapper>
  );
}

/** The select's arrows; Mantine marks them with the error's text too. */
function Chevron({ error }: { error?: string | undefined }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's own decoration; the select is named by its label
    <svg
      style={{ "--combobox-chevron-size": "var(--combobox-chevron-size-sm)" } as Style}
      className="m_2943220b mantine-ComboboxChevron-chevron"
      data-size="sm"
      data-combobox-chevron="true"
      data-error={error}
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}
