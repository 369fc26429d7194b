import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import classes from "./AppLayout.module.css";
import { MoonIcon, SunIcon } from "./icons.tsx";

/**
 * Light/dark switch, named after what it does ("Switch to dark theme"). Both faces are
 * rendered and the `data-mantine-color-scheme` attribute, which ColorSchemeScript sets
 * before the first paint, hides one through CSS (lightHidden/darkHidden): the icon and the
 * accessible name (a hidden element does not count in it) are right without a flash and
 * before hydration. `data-hydrated` marks the switch once React runs it in the browser.
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
      data-theme-toggle
      data-hydrated={mounted ? "" : undefined}
      title={mounted ? `Switch to ${dark ? "light" : "dark"} theme` : undefined}
      onClick={() => setColorScheme(dark ? "light" : "dark")}
    >
      {/* Mantine's global classes, what Box's darkHidden/lightHidden props would add. */}
      <span className={`${classes.icon} mantine-dark-hidden`}>
        <MoonIcon />
        <span className={classes.visuallyHidden}>Switch to dark theme</span>
      </span>
      <span className={`${classes.icon} mantine-light-hidden`}>
        <SunIcon />
        <span className={classes.visuallyHidden}>Switch to light theme</span>
      </span>
    </ActionIcon>
  );
}
