import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import classes from "./AppLayout.module.css";
import { MoonIcon, SunIcon } from "./icons";

/**
 * Light/dark switch. The icon follows the `data-mantine-color-scheme` attribute through
 * CSS (lightHidden/darkHidden), which ColorSchemeScript sets before the first paint, so
 * the right icon shows without a flash. The pressed state needs the stored preference,
 * which only the browser knows: it appears once mounted, so hydration matches the server.
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const mounted = useMounted();
  const dark = computed === "dark";
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Dark theme"
      aria-pressed={mounted ? dark : undefined}
      title={mounted ? `Switch to ${dark ? "light" : "dark"} theme` : undefined}
      onClick={() => setColorScheme(dark ? "light" : "dark")}
    >
      {/* Mantine's global classes, what Box's darkHidden/lightHidden props would add. */}
      <span className={`${classes.icon} mantine-dark-hidden`}>
        <MoonIcon />
      </span>
      <span className={`${classes.icon} mantine-light-hidden`}>
        <SunIcon />
      </span>
    </ActionIcon>
  );
}
