import * as M from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { theme } from "#app/theme.ts";

/**
 * How the same-markup tests (same-markup*.test.tsx) compare a plain component with the
 * Mantine component it stands for.
 */

/** Renders inside a router (for links), and for Mantine's side inside its provider. */
export function html(element: ReactElement, mantine: boolean): string {
  const tree = <MemoryRouter>{element}</MemoryRouter>;
  return renderToStaticMarkup(
    mantine ? (
      <M.MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
        {tree}
      </M.MantineProvider>
    ) : (
      tree
    ),
  );
}

/**
 * Markup compared as a browser's CSS would see it: attributes, class lists and style
 * declarations in any order, generated ids as one placeholder, `true` data attributes as
 * React writes booleans.
 */
export function normalized(markup: string): string {
  return markup
    .replace(/(?:mantine-)?_R_[0-9a-z]+_/g, "ID")
    .replace(/<([a-z0-9]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_tag, name, attrs, self) => {
      const list = [...String(attrs).matchAll(/([^\s=>]+)(?:="([^"]*)")?/g)].map(([, key, v]) => {
        let value = v ?? "";
        if (key === "class") value = value.split(/\s+/).filter(Boolean).sort().join(" ");
        if (key === "style") {
          value = value
            .split(";")
            .map((d) => d.trim())
            .filter(Boolean)
            .sort()
            .join(";");
        }
        if (value === "true") value = "";
        return `${key}="${value}"`;
      });
      return `<${name} ${list.sort().join(" ")}${self}>`;
    });
}

/** A case: its name, the plain component, and the Mantine component it stands for. */
export type Pair = [name: string, plain: ReactElement, mantine: ReactElement];
