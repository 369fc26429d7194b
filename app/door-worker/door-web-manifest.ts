import { doorManifestPath } from "#contract/door-app.ts";
import { doorScope } from "#contract/door-offline.ts";
import { green, themeColor } from "../theme-colors.ts";
import { doorStartUrl } from "./door-pages.ts";

/**
 * The door app's web app manifest (`/door.webmanifest`, written by the build from this):
 * installed, it opens the event picker of the typed-code page, in its own window, and
 * stays within the door pages.
 */
export function doorWebManifest() {
  return {
    id: doorScope,
    name: "Door — check-in",
    short_name: "Door",
    description: "Check tickets in at the door of your events, with or without a network.",
    start_url: doorStartUrl,
    scope: doorScope,
    display: "standalone",
    theme_color: themeColor,
    background_color: green[0],
    icons: [192, 512].map((size) => ({
      src: `/door-icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "any",
    })),
  };
}

/** A door route's `links`: the manifest that makes the door pages an installable app. */
export const doorPageLinks = () => [{ rel: "manifest", href: doorManifestPath }];
