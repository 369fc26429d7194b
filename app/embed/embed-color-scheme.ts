import { colorSchemeAttribute, darkQuery } from "#app/shell/color-scheme.ts";
import { type EmbedTheme, embedMessage, embedThemeOf } from "#contract/embed.ts";

/**
 * A widget's inline head script (decision 040): the host's scheme, as `?theme=` says
 * (our script reads it off the host page), else the visitor's system; never the choice
 * kept for our own site, which is not the page around it.
 */
export const embedColorSchemeScript = `try {
  var theme = new URLSearchParams(window.location.search).get("theme");
  var scheme = theme === "light" || theme === "dark" ? theme : window.matchMedia("${darkQuery}").matches ? "dark" : "light";
  document.documentElement.setAttribute("${colorSchemeAttribute}", scheme);
} catch (e) {}`;

/** The scheme a host page's message asks for, if it is that message from the page around us. */
export function themeFromHost(event: MessageEvent): EmbedTheme | null {
  if (event.source !== window.parent) return null;
  const message = event.data as { type?: unknown; theme?: unknown } | null;
  if (!message || message.type !== embedMessage.theme) return null;
  return embedThemeOf(typeof message.theme === "string" ? message.theme : null);
}
