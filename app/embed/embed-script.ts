/**
 * `/embed.js`, the widget's script on an organiser's own page (decision 040): each
 * `<script src="…/embed.js" data-event="{shortId}">` becomes, where it stands, a frame of
 * the event's widget that grows to fit it and draws in the host page's light or dark
 * scheme. Built into one classic script (vite.embed-script.ts): no imports, no inline
 * code or style attributes, nothing that a host page's Content-Security-Policy must
 * allow beyond our origin in `script-src` and `frame-src`.
 */
import {
  type EmbedTheme,
  embedFrameHeight,
  embedMessage,
  embedPath,
  embedScriptPath,
  embedThemeOf,
} from "#contract/embed.ts";

type Widget = { tag: HTMLScriptElement; frame: HTMLIFrameElement; theme: EmbedTheme };

const mountedAttribute = "data-tickets-widget";
const shortIdPattern = /^[A-Za-z0-9_-]{1,120}$/;

/** Our origin: where this script came from (a page may load it from several addresses). */
function scriptOrigin(): string | null {
  const current = document.currentScript;
  if (!(current instanceof HTMLScriptElement) || !current.src) return null;
  return new URL(current.src).origin;
}

/** The tags of ours that no run of this script has turned into a widget yet. */
function waitingTags(origin: string): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>("script[data-event][src]")].filter(
    (tag) => {
      const src = new URL(tag.src, document.baseURI);
      return (
        src.origin === origin &&
        src.pathname === embedScriptPath &&
        !tag.hasAttribute(mountedAttribute)
      );
    },
  );
}

/** Whether a computed colour is dark, or null for a transparent one. */
function darkness(color: string): boolean | null {
  const parts = color.match(/[\d.]+/g)?.map(Number);
  if (!parts || parts.length < 3) return null;
  const [r = 0, g = 0, b = 0, alpha = 1] = parts;
  if (alpha === 0) return null;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}

/**
 * The host page's scheme around a tag: `data-theme` if the page says, else the first
 * background behind the tag that is not transparent, else the page's `color-scheme`.
 */
function hostTheme(tag: HTMLScriptElement): EmbedTheme {
  const said = embedThemeOf(tag.dataset.theme);
  if (said) return said;
  for (let element = tag.parentElement; element; element = element.parentElement) {
    const dark = darkness(getComputedStyle(element).backgroundColor);
    if (dark !== null) return dark ? "dark" : "light";
  }
  const scheme = getComputedStyle(document.documentElement).colorScheme;
  const prefersDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
  if (/\bdark\b/.test(scheme) && (!/\blight\b/.test(scheme) || prefersDark)) return "dark";
  return "light";
}

function mount(tag: HTMLScriptElement, origin: string): Widget | null {
  tag.setAttribute(mountedAttribute, "");
  const shortId = tag.dataset.event ?? "";
  if (!shortIdPattern.test(shortId)) {
    console.error(`Tickets widget: data-event="${shortId}" is not an event's id.`);
    return null;
  }
  const theme = hostTheme(tag);
  const frame = document.createElement("iframe");
  frame.src = `${origin}${embedPath(shortId)}?theme=${theme}`;
  frame.title = tag.dataset.title || "Tickets";
  // Through the CSSOM: a host's style-src without 'unsafe-inline' refuses style attributes.
  frame.style.display = "block";
  frame.style.width = "100%";
  frame.style.maxWidth = tag.dataset.maxWidth || "560px";
  frame.style.height = `${embedFrameHeight}px`;
  frame.style.border = "0";
  frame.style.colorScheme = theme;
  tag.after(frame);
  return { tag, frame, theme };
}

/** Fits each frame to the height its widget reports, and tells it when the host's scheme changes. */
function follow(widgets: Widget[], origin: string): void {
  window.addEventListener("message", (event) => {
    if (event.origin !== origin) return;
    const widget = widgets.find((w) => w.frame.contentWindow === event.source);
    const message = event.data as { type?: unknown; height?: unknown } | null;
    if (!widget || message?.type !== embedMessage.size) return;
    const height = Number(message.height);
    if (Number.isFinite(height) && height > 0 && height < 20_000) {
      widget.frame.style.height = `${Math.ceil(height)}px`;
    }
  });
  const retheme = () => {
    for (const widget of widgets) {
      const theme = hostTheme(widget.tag);
      if (theme === widget.theme) continue;
      widget.theme = theme;
      widget.frame.style.colorScheme = theme;
      widget.frame.contentWindow?.postMessage({ type: embedMessage.theme, theme }, origin);
    }
  };
  const observer = new MutationObserver(retheme);
  const watched = { attributes: true, attributeFilter: ["class", "style", "data-theme"] };
  observer.observe(document.documentElement, watched);
  if (document.body) observer.observe(document.body, watched);
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", retheme);
}

const origin = scriptOrigin();
if (origin) {
  const widgets = waitingTags(origin)
    .map((tag) => mount(tag, origin))
    .filter((widget): widget is Widget => widget !== null);
  if (widgets.length > 0) follow(widgets, origin);
}
