import { type ReactNode, useId } from "react";
import type { Style } from "./mantine-values.ts";

/**
 * Mantine's Badge (filled) and Alert (light) as plain elements with Mantine's classes and
 * variables (decision 024).
 */
export function Badge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <div
      style={
        {
          "--badge-bg": color,
          "--badge-color": "var(--mantine-color-white)",
          "--badge-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
        } as Style
      }
      className="m_347db0ec mantine-Badge-root"
      data-variant="filled"
    >
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

/**
 * A notice, with a title or without: an error or a warning is announced at once
 * (`role="alert"`), a neutral answer when the reader is free (`role="status"`).
 */
export function Alert({
  color,
  title,
  role = "alert",
  children,
}: {
  /** A theme colour's name: "red", "yellow", "blue". */
  color: string;
  title?: ReactNode;
  role?: "alert" | "status";
  children: ReactNode;
}) {
  const id = `mantine-${useId()}`;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is "alert" or "status", both named by a title
    <div
      style={
        {
          "--alert-bg": `var(--mantine-color-${color}-light)`,
          "--alert-color": `var(--mantine-color-${color}-light-color)`,
          "--alert-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
        } as Style
      }
      className="m_66836ed3 mantine-Alert-root"
      data-variant="light"
      id={id}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {title ? (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          ) : null}
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message" data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
