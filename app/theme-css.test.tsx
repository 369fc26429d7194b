import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, theme } from "./theme.ts";
import { breakpointCss, themeCss, themeStylesheet } from "./theme-css.ts";

describe("the theme's CSS variables, computed once", () => {
  it("are exactly what MantineProvider would render on every request", () => {
    const html = renderToString(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <p>x</p>
      </MantineProvider>,
    );
    const rendered = /<style data-mantine-styles="true">([^<]*)<\/style>/.exec(html)?.[1];
    expect(rendered).toBeTruthy();
    expect(themeCss).toBe(rendered?.replaceAll("&quot;", '"').replaceAll("&#x27;", "'"));
    expect(themeCss).toContain("--mantine-color-green-7: #237f37");
    expect(themeCss).toContain("--mantine-color-dimmed: var(--mantine-color-gray-7)");
  });

  it("holds the breakpoint classes MantineProvider would write on every render", () => {
    const html = renderToString(
      <MantineProvider theme={theme}>
        <p>x</p>
      </MantineProvider>,
    );
    const rendered = /<style data-mantine-styles="classes">([^<]*)<\/style>/.exec(html)?.[1];
    expect(rendered).toBeTruthy();
    expect(breakpointCss).toBe(rendered);
    expect(themeStylesheet).toContain(".mantine-hidden-from-sm {display: none !important;}");
    expect(themeStylesheet.startsWith(themeCss)).toBe(true);
  });
});
