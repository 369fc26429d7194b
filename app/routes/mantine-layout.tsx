import { MantineProvider } from "@mantine/core";
import { Outlet } from "react-router";
import { theme } from "#app/theme.ts";

/**
 * Mantine's provider for the screens built from its components (forms, the console, the
 * door). The public pages (`/`, `/{id}`), the sign-in screens and the frame are plain
 * elements with Mantine's look (app/ui, decision 024) and sit outside it: they load none
 * of Mantine's code. Its
 * CSS variables and breakpoint classes come with the stylesheet (`virtual:theme.css`),
 * not a `<style>` per render.
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
