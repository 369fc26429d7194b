import { createElement, type HTMLAttributes, type ReactNode } from "react";
import classes from "./layout.module.css";
import { joinClasses, type Spacing, type Style, spacing } from "./mantine-values.ts";

/**
 * Mantine's Stack, Group, Container and Paper as plain elements with Mantine's classes and
 * variables (decision 024): the props the app uses, nothing more.
 */
type Box = Omit<HTMLAttributes<HTMLElement>, "style"> & {
  component?: "div" | "ul" | "li" | "section" | "nav";
  style?: Style;
  children?: ReactNode;
  /** Padding and margin on all sides, as Mantine's `p` and `m`. */
  p?: Spacing;
  m?: Spacing;
  ta?: "center";
  /** Maximum width, as Mantine's `maw`. */
  maw?: string;
};

type Align = "stretch" | "center" | "flex-start" | "flex-end";

function boxStyle({ p, m, ta, maw, style }: Pick<Box, "p" | "m" | "ta" | "maw" | "style">): Style {
  return {
    ...(ta ? { textAlign: ta } : {}),
    ...(maw ? { maxWidth: maw } : {}),
    ...style,
    ...(m !== undefined ? { margin: spacing(m) } : {}),
    ...(p !== undefined ? { padding: spacing(p) } : {}),
  };
}

export function Stack({
  gap = "md",
  align = "stretch",
  component = "div",
  className,
  p,
  m,
  ta,
  maw,
  style,
  ...rest
}: Box & { gap?: Spacing; align?: Align }) {
  return createElement(component, {
    ...rest,
    className: joinClasses("m_6d731127 mantine-Stack-root", className),
    style: {
      "--stack-gap": spacing(gap),
      "--stack-align": align,
      "--stack-justify": "flex-start",
      ...boxStyle({ p, m, ta, maw, style }),
    },
  });
}

export function Group({
  gap = "md",
  align = "center",
  justify = "flex-start",
  wrap = "wrap",
  component = "div",
  className,
  p,
  m,
  ta,
  maw,
  style,
  ...rest
}: Box & {
  gap?: Spacing;
  align?: Align;
  justify?: "flex-start" | "center" | "space-between";
  wrap?: "wrap" | "nowrap";
}) {
  return createElement(component, {
    ...rest,
    className: joinClasses("m_4081bf90 mantine-Group-root", className),
    style: {
      "--group-gap": spacing(gap),
      "--group-align": align,
      "--group-justify": justify,
      "--group-wrap": wrap,
      ...boxStyle({ p, m, ta, maw, style }),
    },
  });
}

/**
 * A screen's column. `py="responsive"` is what the screens use: `lg` on phones, `xl` from
 * the `sm` breakpoint (Mantine would inject a `<style>` for it on every render; here it is
 * a class of the module).
 */
export function Container({
  size,
  py,
  className,
  style,
  ...rest
}: Omit<Box, "component" | "p" | "m" | "maw"> & { size: "sm" | "md"; py: "xl" | "responsive" }) {
  return (
    <div
      {...rest}
      className={joinClasses(
        "m_7485cace mantine-Container-root",
        py === "responsive" && classes.screenPadding,
        className,
      )}
      style={
        {
          "--container-size": `var(--container-size-${size})`,
          ...(py === "xl" ? { paddingBlock: "var(--mantine-spacing-xl)" } : {}),
          ...style,
        } as Style
      }
      data-size={size}
      data-strategy="block"
    />
  );
}

/** A bordered surface, as Mantine's `<Paper withBorder p=…>`. */
export function Paper({
  component = "div",
  p,
  maw,
  radius,
  className,
  style,
  ...rest
}: Box & {
  /** The theme's radius, which the surface has anyway; Mantine writes it when given. */
  radius?: "md";
}) {
  return createElement(component, {
    ...rest,
    className: joinClasses("m_1b7284a3 mantine-Paper-root", className),
    style: {
      ...(radius ? { "--paper-radius": `var(--mantine-radius-${radius})` } : {}),
      ...(p !== undefined ? { padding: spacing(p) } : {}),
      ...(maw ? { maxWidth: maw } : {}),
      ...style,
    },
    "data-with-border": true,
  });
}
