import type { ButtonHTMLAttributes } from "react";
import type { Style } from "./mantine-values.ts";

/**
 * Mantine's ActionIcon (default variant, large) and Burger (hidden from `sm`) as plain
 * buttons with Mantine's classes and variables (decision 024): the header's theme switch
 * and its phone menu button.
 */
type NativeButton = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "style" | "type">;

const actionIconStyle: Style = {
  "--ai-size": "var(--ai-size-lg)",
  "--ai-bg": "var(--mantine-color-default)",
  "--ai-hover": "var(--mantine-color-default-hover)",
  "--ai-color": "var(--mantine-color-default-color)",
  "--ai-bd": "calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)",
};

export function IconButton({ children, ...rest }: NativeButton) {
  return (
    <button
      {...rest}
      type="button"
      style={actionIconStyle}
      className="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      data-variant="default"
      data-size="lg"
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
}

/** Three lines that turn into a cross while `opened`; only on phones. */
export function Burger({ opened, ...rest }: NativeButton & { opened: boolean }) {
  return (
    <button
      {...rest}
      type="button"
      className="mantine-focus-auto m_fea6bf1a mantine-Burger-root m_87cf2631 mantine-UnstyledButton-root mantine-hidden-from-sm"
    >
      <div
        className="m_d4fb9cad mantine-Burger-burger"
        data-reduce-motion="true"
        data-opened={opened || undefined}
      />
    </button>
  );
}
