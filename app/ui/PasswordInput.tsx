import { type InputHTMLAttributes, type KeyboardEvent, type SyntheticEvent, useState } from "react";
import { describedBy, type FieldProps, InputWrapper, useFieldId } from "./input-wrapper.tsx";
import type { Style } from "./mantine-values.ts";

/**
 * Mantine's PasswordInput as plain elements (decision 024): the input inside Mantine's
 * box, with the eye button that shows or hides what is typed. One difference on purpose:
 * a caller's `aria-describedby` (the password rules' checklist) is kept beside the
 * error's id, where Mantine's drops it.
 */
type Props = Omit<FieldProps, "description" | "disabled" | "widthFromXs"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "id" | "style" | "type" | "required">;

const sizeVars: Style = {
  "--psi-icon-size": "var(--psi-icon-size-sm)",
  "--psi-button-size": "var(--psi-button-size-sm)",
};

const toggleStyle: Style = {
  "--ai-bg": "transparent",
  "--ai-hover": "var(--mantine-color-gray-light-hover)",
  "--ai-color": "var(--mantine-color-gray-light-color)",
  "--ai-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
};

export function PasswordInput({
  label,
  error,
  required,
  className,
  style,
  "aria-describedby": callerDescribedBy,
  autoComplete,
  ...input
}: Props) {
  const id = useFieldId();
  const [visible, setVisible] = useState(false);
  // As Mantine's: the button acts on press (mouse down, touch end) and cancels the press,
  // so the focus stays in the input while typing; it is out of the tab order.
  const toggle = (event: SyntheticEvent) => {
    event.preventDefault();
    setVisible((shown) => !shown);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === " " || event.key === "Enter") toggle(event);
  };
  const field = { label, error, required, className };
  const invalid = error ? true : undefined;
  return (
    <InputWrapper
      kind="PasswordInput"
      id={id}
      {...field}
      style={{ ...sizeVars, ...style }}
      rootClass="m_f61ca620 mantine-PasswordInput-root"
      withRightSection
      rightSection={
        <button
          style={toggleStyle}
          className="mantine-focus-auto mantine-active m_b1072d44 mantine-PasswordInput-visibilityToggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
          data-variant="subtle"
          type="button"
          aria-pressed={visible}
          tabIndex={-1}
          aria-label="Toggle password visibility"
          onMouseDown={toggle}
          onTouchEnd={toggle}
          onKeyDown={onKeyDown}
        >
          <span className="m_8d3afb97 mantine-ActionIcon-icon">
            <EyeIcon reveal={visible} />
          </span>
        </button>
      }
    >
      <div
        className="m_ccf8da4c m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input"
        data-variant="default"
        data-error={invalid}
      >
        <input
          required={required}
          data-invalid={invalid}
          className="m_f2d85dd2 mantine-PasswordInput-innerInput"
          id={id}
          {...input}
          autoComplete={autoComplete || "off"}
          type={visible ? "text" : "password"}
          aria-describedby={
            [describedBy(id, { error }), callerDescribedBy].filter(Boolean).join(" ") || undefined
          }
        />
      </div>
    </InputWrapper>
  );
}

/** Mantine's eye (hidden) and struck-through eye (shown). */
function EyeIcon({ reveal }: { reveal: boolean }) {
  const stroke = {
    fill: "none",
    stroke: "currentColor",
    strokeLinecap: "round",
    strokeLinejoin: "round",
    strokeWidth: "16",
  } as const;
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: the button that holds it is named
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 256 256"
      style={{ width: "var(--psi-icon-size)", height: "var(--psi-icon-size)" }}
    >
      <path fill="none" d="M0 0h256v256H0z" />
      {reveal ? (
        <>
          <path
            {...stroke}
            d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
          />
          <path
            {...stroke}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path
            {...stroke}
            d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z"
          />
          <circle cx="128" cy="128" r="40" {...stroke} />
        </>
      )}
    </svg>
  );
}
