/**
 * The embeddable ticket widget (issue 30, decision 040): an event's ticket types on an
 * organiser's own website, as an `<iframe>` of `/embed/{shortId}` or through our script,
 * which makes that iframe itself. The page, the script, the server's headers and the
 * console's snippets all take their names from here.
 */

/** The script a host page loads from us; it puts a widget where each of its tags stands. */
export const embedScriptPath = "/embed.js";

/** `/embed/{shortId}`: the widget's page, the only pages another site may frame. */
export function embedPath(eventShortId: string): string {
  return `/embed/${encodeURIComponent(eventShortId)}`;
}

/** Whether a request's path is a widget's page (one segment after `/embed/`). */
export function isEmbedPath(pathname: string): boolean {
  return /^\/embed\/[^/]+$/.test(pathname);
}

/** The scheme a widget draws in: the host's, as its script or its `?theme=` says. */
export type EmbedTheme = "light" | "dark";

/** `?theme=light|dark` on the widget's URL; anything else follows the visitor's system. */
export function embedThemeOf(value: string | null | undefined): EmbedTheme | null {
  return value === "light" || value === "dark" ? value : null;
}

/** Messages between the widget's page and the script on the host page (`postMessage`). */
export const embedMessage = {
  /** Widget → host: the widget's content height in CSS pixels, so its frame fits it. */
  size: "tickets-widget:size",
  /** Host → widget: the host page's scheme changed. */
  theme: "tickets-widget:theme",
} as const;

/** The height an `<iframe>` snippet starts at, before the script (if any) fits it. */
export const embedFrameHeight = 520;

/** The booking's pop-up window: payment providers refuse to run inside frames. */
export const bookingPopup = { name: "tickets-booking", features: "popup,width=480,height=760" };

/** The two snippets the console offers to copy for an event. */
export function embedSnippets(site: string, eventShortId: string, title: string) {
  const frameUrl = `${site}${embedPath(eventShortId)}`;
  return {
    script: `<script src="${site}${embedScriptPath}" data-event="${eventShortId}" async></script>`,
    iframe: `<iframe src="${frameUrl}" title="Tickets: ${escapeAttribute(title)}" width="100%" height="${embedFrameHeight}" style="border:0;max-width:560px"></iframe>`,
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
