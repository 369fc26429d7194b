import { createTheme } from "@mantine/core";

/** The seed spec's default theme: primary colour green, secondary colour blue. */
export const theme = createTheme({
  primaryColor: "green",
  other: { secondaryColor: "blue" },
  defaultRadius: "md",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
});

export const secondaryColor = "blue";
