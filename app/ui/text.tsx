import {
  type AnchorHTMLAttributes,
  createElement,
  type HTMLAttributes,
  type ReactNode,
} from "react";
import { Link, type LinkProps } from "react-router";
import { color, joinClasses, rem, type Spacing, type Style, spacing } from "./mantine-values.ts";

/**
 * Mantine's Text, Title, Anchor and List as plain elements with Mantine's classes and
 * variables (decision 024), for the props the app uses. The theme's defaults are built in:
 * titles in the "bright" colour, links always underlined (app/theme.ts).
 */
type TextProps = Omit<HTMLAttributes<HTMLElement>, "style"> & {
  size?: "sm" | "lg";
  /** A theme colour: "dimmed", "red.9", or a `var(…)`. */
  c?: string;
  fw?: number;
  /** Font size in pixels. */
  fz?: number;
  maw?: string;
  /** Margin above and below, as Mantine's `mt` and `mb`. */
  mt?: Spacing;
  mb?: Spacing;
  span?: boolean;
  component?: "p" | "h2" | "div";
  style?: Style;
  children?: ReactNode;
};

export function Text({
  size,
  c,
  fw,
  fz,
  maw,
  mt,
  mb,
  span,
  component = "p",
  className,
  style,
  ...rest
}: TextProps) {
  return createElement(span ? "span" : component, {
    ...rest,
    className: joinClasses("mantine-focus-auto m_b6d8b162 mantine-Text-root", className),
    style: {
      ...(size
        ? {
            "--text-fz": `var(--mantine-font-size-${size})`,
            "--text-lh": `var(--mantine-line-height-${size})`,
          }
        : {}),
      ...(c ? { color: color(c) } : {}),
      ...(fz !== undefined ? { fontSize: rem(fz) } : {}),
      ...(fw !== undefined ? { fontWeight: fw } : {}),
      ...(maw ? { maxWidth: maw } : {}),
      ...(mt !== undefined ? { marginTop: spacing(mt) } : {}),
      ...(mb !== undefined ? { marginBottom: spacing(mb) } : {}),
      ...style,
    },
    "data-size": size,
  });
}

export function Title({
  order,
  size,
  mb,
  className,
  style,
  ...rest
}: Omit<HTMLAttributes<HTMLHeadingElement>, "style"> & {
  order: 1 | 2 | 3;
  /** Look like another level: `<h2>` drawn as an h3. */
  size?: "h3" | "h4";
  mb?: Spacing;
  style?: Style;
}) {
  const look = size ?? `h${order}`;
  return createElement(`h${order}`, {
    ...rest,
    className: joinClasses("m_8a5d1357 mantine-Title-root", className),
    style: {
      "--title-fw": `var(--mantine-${look}-font-weight)`,
      "--title-lh": `var(--mantine-${look}-line-height)`,
      "--title-fz": `var(--mantine-${look}-font-size)`,
      ...(mb !== undefined ? { marginBottom: spacing(mb) } : {}),
      color: "var(--mantine-color-bright)",
      ...style,
    },
    "data-size": size,
    "data-order": order,
  });
}

const anchorClass =
  "mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root";

/** Underlined always (the theme's default: a link in running text), or on hover only (a link standing alone). */
type Underline = { underline?: "always" | "hover" };

/** A link to another site or a file. */
export function Anchor({
  className,
  underline = "always",
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & Underline) {
  return <a {...rest} className={joinClasses(anchorClass, className)} data-underline={underline} />;
}

/** A link inside the app. */
export function AnchorLink({
  className,
  underline = "always",
  ...rest
}: Omit<LinkProps, "className"> & { className?: string } & Underline) {
  return (
    <Link {...rest} className={joinClasses(anchorClass, className)} data-underline={underline} />
  );
}

/** A bulleted list indented like Mantine's `<List withPadding>`. */
export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="m_abbac491 mantine-List-root" data-with-padding="true">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity but their place
        <ListItem key={i}>{item}</ListItem>
      ))}
    </ul>
  );
}

/**
 * A small list without bullets, its items 2 px apart, as Mantine's
 * `<List size="sm" spacing={2} listStyleType="none">` (the password rules).
 */
export function PlainList({
  style,
  ...rest
}: Omit<HTMLAttributes<HTMLUListElement>, "style" | "className"> & { style?: Style }) {
  return (
    <ul
      {...rest}
      style={
        {
          "--list-fz": "var(--mantine-font-size-sm)",
          "--list-lh": "var(--mantine-line-height-sm)",
          "--list-spacing": rem(2),
          listStyleType: "none",
          ...style,
        } as Style
      }
      className="m_abbac491 mantine-List-root"
      data-size="sm"
      data-type="none"
    />
  );
}

export function ListItem({
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLLIElement>, "className"> & { [data: `data-${string}`]: string }) {
  return (
    <li {...rest} className="m_abb6bec2 mantine-List-item">
      <div className="m_75cd9f71 mantine-List-itemWrapper">
        <span className="mantine-List-itemLabel">{children}</span>
      </div>
    </li>
  );
}

/** Read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root">{children}</span>;
}
