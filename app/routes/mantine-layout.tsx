// The whole of Mantine's stylesheet for its screens (the root loads only what the frame
// and the public pages draw with). Linked after the root's stylesheets, it declares again,
// in Mantine's own order, the rules the root's part already had, so the cascade among
// Mantine's rules is the full file's. It also declares Mantine's default CSS variables
// again, which would undo the theme's (same selectors, later): the theme follows it.
import "@mantine/core/styles.css";
import "virtual:theme-after-mantine.css";
import { MantineProvider } from "@mantine/core";
import { Outlet } from "react-router";
import { theme } from "#app/theme.ts";

/**
 * Mantine's provider for the screens built from its components (forms, the console, the
 * door). The public pages (`/`, `/{id}`), the sign-in screens and the frame are plain
 * elements with Mantine's look (app/ui, decision 024) and sit outside it: they load none
 * of Mantine's code. Its
 * CSS variables and breakpoint classes come with the stylesheet (`virtual:theme.css`,
 * served again after Mantine's full file as `virtual:theme-after-mantine.css`), not a
 * `<style>` per render.
 */
export default function MantineLayout() {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <Outlet />
    </MantineProvider>
  );
}
