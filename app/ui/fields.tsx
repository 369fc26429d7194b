import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { joinClasses, type Style } from "./mantine-values.ts";

/**
 * Mantine's TextInput and NativeSelect as plain elements with Mantine's classes and
 * variables (decision 024): a label, the control, and its error below, tied together by
 * ids (`aria-describedby`, `aria-invalid`) as Mantine ties them.
 */
type FieldProps = {
  label: string;
  error?: string;
  className?: string;
};

function InputWrapper({
  kind,
  id,
  label,
  error,
  className,
  withChevron,
  children,
}: FieldProps & {
  kind: "TextInput" | "NativeSelect";
  id: string;
  withChevron?: boolean;
  children: ReactNode;
}) {
  const invalid = error ? true : undefined;
  return (
    <div
      className={joinClasses(
        `m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`,
        className,
      )}
      data-size="sm"
      data-error={invalid}
    >
      <label
        style={{ "--input-label-size": "var(--mantine-font-size-sm)" } as Style}
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-size="sm"
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
      </label>
      <div
        style={
          {
            ...(error ? { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)" } : {}),
            "--input-height": "var(--input-height-sm)",
            "--input-fz": "var(--mantine-font-size-sm)",
            ...(withChevron ? { "--input-right-section-pointer-events": "none" } : {}),
          } as Style
        }
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={invalid}
        data-pointer={withChevron || undefined}
        data-with-right-section={withChevron || undefined}
      >
        {children}
        {withChevron ? <Chevron error={error} /> : null}
      </div>
      {error ? (
        <p
          style={
            {
              "--input-error-size":
                "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))",
            } as Style
          }
          className={`m_8f816625 mantine-InputWrapper-error mantine-${kind}-error`}
          data-size="sm"
          id={`${id}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the control itself says of its error. */
const errorAttributes = (id: string, error: string | undefined) =>
  error ? { "data-error": true, "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

export function TextInput({
  label,
  error,
  className,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "id">) {
  const id = `mantine-${useId()}`;
  return (
    <InputWrapper kind="TextInput" id={id} label={label} error={error} className={className}>
      <input
        className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
        data-variant="default"
        {...errorAttributes(id, error)}
        {...input}
        id={id}
      />
    </InputWrapper>
  );
}

export function NativeSelect({
  label,
  error,
  className,
  name,
  data,
  defaultValue,
}: FieldProps & {
  name: string;
  data: readonly { value: string; label: string }[];
  defaultValue?: string;
}) {
  const id = `mantine-${useId()}`;
  return (
    <InputWrapper
      kind="NativeSelect"
      id={id}
      label={label}
      error={error}
      className={className}
      withChevron
    >
      <select
        className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
        data-variant="default"
        {...errorAttributes(id, error)}
        name={name}
        id={id}
        defaultValue={defaultValue}
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
function Chevron({ error }: { error?: string }) {
  return (
    <div
      data-position="right"
      className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section"
    >
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's own decoration; the select is named by its label */}
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
    </div>
  );
}
