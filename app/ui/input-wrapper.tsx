import { type ReactNode, useId } from "react";
import classes from "./fields.module.css";
import { joinClasses, type Style } from "./mantine-values.ts";

/**
 * Mantine's Input.Wrapper as plain elements (decision 024): the label (with the `required`
 * asterisk), the description, the control's box and the error below, tied to the control
 * by ids as Mantine ties them. TextInput, NativeSelect and PasswordInput put their control
 * inside.
 */
export type FieldProps = {
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  style?: Style;
  /**
   * Full width on phones, this many pixels from the `xs` breakpoint: Mantine's
   * `w={{ base: "100%", xs: 220 }}`, as a class of the module instead of the `<style>`
   * Mantine writes on every render.
   */
  widthFromXs?: 220 | 240;
};

export type FieldKind = "TextInput" | "NativeSelect" | "PasswordInput";

/** The control's id, as Mantine makes it. */
export const useFieldId = () => `mantine-${useId()}`;

/**
 * What the control names as its description: Mantine's error, then description (with the
 * empty slot of its "success" message between them, hence the two spaces).
 */
export function describedBy(
  id: string,
  { error, description }: Pick<FieldProps, "error" | "description">,
): string | undefined {
  const ids = [error ? `${id}-error` : "", "", description ? `${id}-description` : ""];
  return ids.join(" ").trim() || undefined;
}

/** A small text under the label or the control; Mantine's font size for both. */
const smallerText = "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))";

export function InputWrapper({
  kind,
  id,
  label,
  description,
  error,
  required,
  disabled,
  className,
  style,
  widthFromXs,
  rootClass,
  withRightSection,
  pointer,
  rightSection,
  children,
}: FieldProps & {
  kind: FieldKind;
  id: string;
  /** The component's own root class, before the wrapper's. */
  rootClass?: string;
  withRightSection?: boolean;
  /** The whole box shows a pointer (a select). */
  pointer?: boolean;
  rightSection?: ReactNode;
  children: ReactNode;
}) {
  const invalid = error ? true : undefined;
  return (
    <div
      style={style}
      className={joinClasses(
        rootClass,
        `m_46b77525 mantine-InputWrapper-root mantine-${kind}-root`,
        widthFromXs && classes[`widthFromXs${widthFromXs}`],
        className,
      )}
      data-size="sm"
      data-error={invalid}
    >
      <label
        style={{ "--input-label-size": "var(--mantine-font-size-sm)" } as Style}
        className={`m_8fdc1311 mantine-InputWrapper-label mantine-${kind}-label`}
        data-size="sm"
        data-required={required || undefined}
        htmlFor={id}
        id={`${id}-label`}
      >
        {label}
        {required ? (
          <span
            className={`m_78a94662 mantine-InputWrapper-required mantine-${kind}-required`}
            aria-hidden="true"
          >
            {" *"}
          </span>
        ) : null}
      </label>
      {description ? (
        <p
          style={{ "--input-description-size": smallerText } as Style}
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${kind}-description`}
          data-size="sm"
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      <div
        style={
          {
            ...(description ? { "--input-margin-top": "calc(var(--mantine-spacing-xs) / 2)" } : {}),
            ...(error ? { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)" } : {}),
            "--input-height": "var(--input-height-sm)",
            "--input-fz": "var(--mantine-font-size-sm)",
            ...(pointer ? { "--input-right-section-pointer-events": "none" } : {}),
          } as Style
        }
        className={`m_6c018570 mantine-Input-wrapper mantine-${kind}-wrapper`}
        data-variant="default"
        data-size="sm"
        data-error={invalid}
        data-pointer={pointer || undefined}
        data-disabled={disabled || undefined}
        data-with-right-section={withRightSection || undefined}
      >
        {children}
        {rightSection ? (
          <div
            data-position="right"
            className={`m_82577fc2 mantine-Input-section mantine-${kind}-section`}
          >
            {rightSection}
          </div>
        ) : null}
      </div>
      {error ? (
        <p
          style={{ "--input-error-size": smallerText } as Style}
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
