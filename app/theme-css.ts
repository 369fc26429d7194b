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
 * The theme's CSS variables, computed once per process instead of on every render.
 * MantineProvider would rebuild this stylesheet for each request (a deep merge of the
 * theme and every colour's variables: about a fifth of a page's server time), so root
 * turns that off (`withCssVariables={false}`) and inlines this string. Like Mantine's
 * own, it keeps only what differs from the defaults that `@mantine/core/styles.css`
 * already declares.
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
