import type { CSSProperties } from "react";

/**
 * Mantine's own values for the props the plain components take, written as Mantine
 * writes them (so the markup, and with `@mantine/core/styles.css` the look, is Mantine's;
 * `same-markup.test.tsx` holds each component to it).
 */
export type Size = "xs" | "sm" | "md" | "lg" | "xl";

/** A spacing key (`"md"`) or pixels (`4`), as Mantine's `gap`, `p`, `mb` take them. */
export type Spacing = Size | number;

export const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

export const spacing = (value: Spacing) =>
  typeof value === "number"
    ? value === 0
      ? "0rem"
      : rem(value)
    : `var(--mantine-spacing-${value})`;

/** `"dimmed"`, `"bright"`, `"red.9"` → the theme's CSS variable; a `var(…)` as it is. */
export const color = (value: string) => {
  if (value.startsWith("var(")) return value;
  const [name, shade] = value.split(".");
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name})`;
};

/** Style with CSS custom properties (React's CSSProperties does not list them). */
export type Style = CSSProperties & Record<`--${string}`, string | undefined>;

/** Mantine's `hiddenFrom` / `visibleFrom` at the `sm` breakpoint: global classes. */
export type Breakpoints = { hiddenFrom?: "sm"; visibleFrom?: "sm" };

export function breakpointClass({ hiddenFrom, visibleFrom }: Breakpoints): string {
  if (hiddenFrom) return ` mantine-hidden-from-${hiddenFrom}`;
  if (visibleFrom) return ` mantine-visible-from-${visibleFrom}`;
  return "";
}

export const joinClasses = (...names: (string | false | null | undefined)[]) =>
  names.filter(Boolean).join(" ");
