import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
} from "@mantine/core";
import { cssVariablesResolver, theme } from "./theme.ts";

type Section = keyof ConvertCSSVariablesInput;
const sections: Section[] = ["variables", "light", "dark"];

/**
 * The theme's CSS variables, computed once at build time instead of on every render.
 * MantineProvider would rebuild this stylesheet for each request (a deep merge of the
 * theme and every colour's variables: about a fifth of a page's server time), so the
 * providers turn that off (`withCssVariables={false}`) and the build serves this as part
 * of the app's stylesheet (`virtual:theme.css`, vite.config.ts). Like Mantine's own, it
 * keeps only what differs from the defaults that `@mantine/core/styles.css` declares.
 */
function themeCssVariables(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const base = defaultCssVariablesResolver(merged);
  const extra = cssVariablesResolver(merged);
  const cleaned: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const section of sections) {
    const all = { ...base[section], ...extra[section] };
    for (const [name, value] of Object.entries(all)) {
      if (defaults[section][name as keyof (typeof defaults)[Section]] !== value) {
        cleaned[section][name as keyof ConvertCSSVariablesInput[Section]] = value;
      }
    }
  }
  return convertCssVariables(cleaned);
}

export const themeCss = themeCssVariables();

/**
 * Mantine's `hiddenFrom` / `visibleFrom` classes at the theme's breakpoints, which
 * MantineProvider writes into a `<style>` on every render (`withGlobalClasses`).
 */
function breakpointClasses(): string {
  const { breakpoints } = mergeMantineTheme(DEFAULT_THEME, theme);
  return Object.entries(breakpoints)
    .map(([name, value]) => {
      const px = Number.parseFloat(value) * (value.endsWith("px") ? 1 : 16);
      return (
        `@media (max-width: ${px / 16 - 0.1 / 16}em) {.mantine-visible-from-${name} {display: none !important;}}` +
        `@media (min-width: ${px / 16}em) {.mantine-hidden-from-${name} {display: none !important;}}`
      );
    })
    .join("");
}

export const breakpointCss = breakpointClasses();

/** Both, as one stylesheet. */
export const themeStylesheet = `${themeCss}\n${breakpointCss}\n`;
