import { useEffect, useState } from "react";
import { MoonIcon, SunIcon } from "#app/components/icons.tsx";
import { IconButton } from "#app/ui/icon-buttons.tsx";
import classes from "./AppLayout.module.css";
import { followColorScheme, setColorScheme, shownColorScheme } from "./color-scheme.ts";

/**
 * Light/dark switch, named after what it does ("Switch to dark theme"). Both faces are
 * rendered and the `data-mantine-color-scheme` attribute, which the head's script sets
 * before the first paint, hides one through CSS (lightHidden/darkHidden): the icon and the
 * accessible name (a hidden element does not count in it) are right without a flash and
 * before hydration. `data-hydrated` marks the switch once React runs it in the browser.
 * It also keeps the page following the system's scheme while the choice is "system".
 */
export function ThemeToggle() {
  const [shown, setShown] = useState<"light" | "dark" | null>(null);
  useEffect(() => {
    const read = () => setShown(shownColorScheme());
    read();
    return followColorScheme(read);
  }, []);
  const dark = shown === "dark";
  return (
    <IconButton
      data-theme-toggle
      data-hydrated={shown ? "" : undefined}
      title={shown ? `Switch to ${dark ? "light" : "dark"} theme` : undefined}
      onClick={() => setColorScheme(shownColorScheme() === "dark" ? "light" : "dark")}
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
    </IconButton>
  );
}
