import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { type Breakpoints, breakpointClass, joinClasses, type Style } from "./mantine-values.ts";

/**
 * Mantine's Button as plain elements: the same classes, attributes and CSS variables, so
 * `@mantine/core/styles.css` draws it the same, without Mantine's runtime (it renders on
 * every public page; see decision 024). Variants as the app uses them.
 */
export type ButtonLook = Breakpoints & {
  variant?: "filled" | "default" | "subtle";
  size?: "compact-md";
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
};

const variantStyle: Record<NonNullable<ButtonLook["variant"]>, Style> = {
  filled: { "--button-color": "var(--mantine-color-white)" },
  default: {
    "--button-bg": "var(--mantine-color-default)",
    "--button-hover": "var(--mantine-color-default-hover)",
    "--button-color": "var(--mantine-color-default-color)",
    "--button-bd":
      "calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)",
  },
  subtle: {
    "--button-bg": "transparent",
    "--button-hover": "var(--mantine-color-green-light-hover)",
    "--button-color": "var(--mantine-color-green-light-color)",
    "--button-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
  },
};

const compactMd: Style = {
  "--button-height": "var(--button-height-compact-md)",
  "--button-padding-x": "var(--button-padding-x-compact-md)",
  "--button-fz": "var(--mantine-font-size-md)",
};

/** The root's class, style and data attributes for a look. */
function rootProps(look: ButtonLook) {
  const variant = look.variant ?? "filled";
  const inactive = look.loading || look.disabled;
  return {
    className:
      joinClasses(
        "mantine-focus-auto",
        !inactive && "mantine-active",
        "m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root",
        look.className,
      ) + breakpointClass(look),
    style: { ...(look.size ? compactMd : {}), ...variantStyle[variant] },
    "data-variant": variant === "filled" ? undefined : variant,
    "data-size": look.size,
    "data-disabled": look.disabled && !look.loading ? true : undefined,
    "data-loading": look.loading ? true : undefined,
  };
}

function Inner({ loading, children }: { loading?: boolean; children: ReactNode }) {
  return (
    <>
      {loading ? (
        <span className="m_a25b86ee mantine-Button-loader" aria-hidden="true" style={loaderStyle}>
          <span
            className="m_b34414df m_5ae2e3c mantine-Loader-root"
            style={
              {
                "--loader-size": "calc(var(--button-height) / 1.8)",
                "--loader-color": "var(--button-color)",
              } as Style
            }
          />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </>
  );
}

const loaderStyle: Style = {
  transitionProperty: "transform, opacity",
  WebkitBackfaceVisibility: "hidden",
  transitionDuration: "150ms",
  transitionTimingFunction: "ease",
  transformOrigin: "center",
  opacity: 1,
  transform: "translate(-50%, calc(-50% + calc(0.0625rem * var(--mantine-scale))))",
};

type NativeButton = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "disabled">;

export function Button({
  variant,
  size,
  loading,
  disabled,
  className,
  hiddenFrom,
  visibleFrom,
  children,
  type = "button",
  ...rest
}: ButtonLook & NativeButton) {
  return (
    <button
      {...rootProps({ variant, size, loading, disabled, className, hiddenFrom, visibleFrom })}
      {...rest}
      type={type}
      disabled={disabled || loading}
    >
      <Inner loading={loading}>{children}</Inner>
    </button>
  );
}

/** A router link that looks like a button ("Book tickets", "Sign in"). */
export function ButtonLink({
  variant,
  size,
  className,
  hiddenFrom,
  visibleFrom,
  children,
  ...rest
}: Omit<ButtonLook, "loading" | "disabled"> & Omit<LinkProps, "className">) {
  return (
    <Link {...rootProps({ variant, size, className, hiddenFrom, visibleFrom })} {...rest}>
      <Inner>{children}</Inner>
    </Link>
  );
}

/** A plain link (a download, another site) that looks like a button. */
export function ButtonAnchor({
  variant,
  size,
  className,
  children,
  ...rest
}: Omit<ButtonLook, "loading" | "disabled"> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "className">) {
  return (
    <a {...rootProps({ variant, size, className })} {...rest}>
      <Inner>{children}</Inner>
    </a>
  );
}
