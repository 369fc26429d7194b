/**
 * Light, dark or the system's: kept where Mantine keeps it (localStorage
 * `mantine-color-scheme-value`) and shown by the `data-mantine-color-scheme` attribute on
 * `<html>`, which Mantine's stylesheet and ours read. The frame sets it without Mantine's
 * provider (decision 024); the screens that mount the provider (the settings page) hear of
 * every change through the storage event its manager listens to.
 */
export type ColorScheme = "light" | "dark" | "auto";

export const colorSchemeStorageKey = "mantine-color-scheme-value";
export const colorSchemeAttribute = "data-mantine-color-scheme";

export const darkQuery = "(prefers-color-scheme: dark)";

/**
 * The head's inline script: sets the attribute before the first paint (no flash of the
 * other theme), as Mantine's ColorSchemeScript does for `defaultColorScheme="auto"`.
 */
export const colorSchemeScript = `try {
  var stored = window.localStorage.getItem("${colorSchemeStorageKey}");
  var scheme = stored === "light" || stored === "dark" ? stored : window.matchMedia("${darkQuery}").matches ? "dark" : "light";
  document.documentElement.setAttribute("${colorSchemeAttribute}", scheme);
} catch (e) {}`;

/** What `<html>` starts as on the server; the script above corrects it before paint. */
export const htmlColorSchemeProps = {
  suppressHydrationWarning: true,
  [colorSchemeAttribute]: "light",
} as const;

export function storedColorScheme(): ColorScheme {
  try {
    const stored = window.localStorage.getItem(colorSchemeStorageKey);
    return stored === "light" || stored === "dark" ? stored : "auto";
  } catch {
    return "auto";
  }
}

/** The scheme the page shows now. */
export function shownColorScheme(): "light" | "dark" {
  return document.documentElement.getAttribute(colorSchemeAttribute) === "dark" ? "dark" : "light";
}

function show(scheme: ColorScheme): void {
  const shown =
    scheme === "auto" ? (window.matchMedia(darkQuery).matches ? "dark" : "light") : scheme;
  document.documentElement.setAttribute(colorSchemeAttribute, shown);
}

export function setColorScheme(scheme: ColorScheme): void {
  let oldValue: string | null = null;
  try {
    oldValue = window.localStorage.getItem(colorSchemeStorageKey);
    window.localStorage.setItem(colorSchemeStorageKey, scheme);
  } catch {
    // Private mode without storage: the page still switches, for this visit.
  }
  show(scheme);
  // A mounted MantineProvider's manager listens for this (other tabs send it by
  // themselves); without it the settings page would keep showing the old choice.
  window.dispatchEvent(
    new StorageEvent("storage", {
      key: colorSchemeStorageKey,
      oldValue,
      newValue: scheme,
      storageArea: window.localStorage,
    }),
  );
}

/**
 * While the choice is "system", follow the system's changes, and another tab's choice;
 * calls `changed` whenever the shown scheme may have changed. Returns the unsubscribe.
 */
export function followColorScheme(changed: () => void): () => void {
  const media = window.matchMedia(darkQuery);
  const onSystem = () => {
    if (storedColorScheme() === "auto") show("auto");
    changed();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== colorSchemeStorageKey) return;
    show(storedColorScheme());
    changed();
  };
  // The settings page's provider sets the attribute itself: hear that too.
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributeFilter: [colorSchemeAttribute] });
  media.addEventListener("change", onSystem);
  window.addEventListener("storage", onStorage);
  return () => {
    observer.disconnect();
    media.removeEventListener("change", onSystem);
    window.removeEventListener("storage", onStorage);
  };
}
