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
};

type Align = "stretch" | "center" | "flex-start" | "flex-end";

function boxStyle({ p, m, ta, style }: Pick<Box, "p" | "m" | "ta" | "style">): Style {
  return {
    ...(ta ? { textAlign: ta } : {}),
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
      ...boxStyle({ p, m, ta, style }),
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
      ...boxStyle({ p, m, ta, style }),
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
}: Omit<Box, "component" | "p" | "m"> & { size: "sm" | "md"; py: "xl" | "responsive" }) {
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
export function Paper({ component = "div", p, className, style, ...rest }: Box) {
  return createElement(component, {
    ...rest,
    className: joinClasses("m_1b7284a3 mantine-Paper-root", className),
    style: { ...(p !== undefined ? { padding: spacing(p) } : {}), ...style },
    "data-with-border": true,
  });
}
