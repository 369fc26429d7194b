import { Anchor, type CSSVariablesResolver, createTheme, Title } from "@mantine/core";
import { blue, green } from "./theme-colors.ts";

/** The seed spec's default theme: primary colour green, secondary colour blue. */
export const theme = createTheme({
  primaryColor: "green",
  // Filled buttons and links: green.7 on white is 5.1:1; green.8 under white text 6.3:1.
  primaryShade: { light: 7, dark: 8 },
  colors: { green, blue },
  other: { secondaryColor: "blue" },
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "750" },
  components: {
    // A link inside running text must not rely on colour alone (WCAG 1.4.1; in dark mode
    // green.4 is too close to the text colour). Stand-alone links may opt for "hover".
    Anchor: Anchor.extend({ defaultProps: { underline: "always" } }),
    // Headings in full white/black; body text stays softer in dark mode.
    Title: Title.extend({ defaultProps: { c: "bright" } }),
  },
});

export const secondaryColor = "blue";

/** Dimmed and error text darker than Mantine's defaults, which miss 4.5:1 on the body. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    // Placeholder text (e.g. a file input's "Choose an image") and red outline buttons
    // (e.g. "Cancel event") at Mantine's shades are 2.1:1 and 4.0:1 on white.
    "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
    "--mantine-color-red-outline": "var(--mantine-color-red-9)",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-5)",
    "--mantine-color-placeholder": "var(--mantine-color-dark-1)",
  },
});
