import { EXPIRY_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";
import type { ViewerAnswer, ViewerEvent } from "#contract/viewer.ts";
import { viewerPath } from "#contract/viewer.ts";
import type { SignedInUser } from "./signed-in-user.ts";

/**
 * Who this browser's cookies sign in, as last heard (decision 032): from a root loader that
 * rendered for the person, or from `GET /session/viewer` after a shared page (which names
 * nobody). `expiry` is the expiry cookie it was heard for: a sign-in, sign-out or token
 * renewal changes it, and the viewer is asked again.
 */
export type Viewer = { user: SignedInUser | null; expiry: string | null };

/** On `<html>` from the head's script until the viewer is known: hides the visitor's parts. */
export const viewerPendingAttribute = "data-viewer-pending";

/**
 * The head's inline script: a browser with the expiry cookie is signed in, so the header's
 * "Sign in" stays hidden until the person's own parts arrive (no flash of the visitor's
 * header on a shared page).
 */
export const viewerPendingScript = `if (/(?:^|;\\s*)${EXPIRY_COOKIE}=[^;]/.test(document.cookie)) document.documentElement.setAttribute("${viewerPendingAttribute}", "");`;

const storageKey = "viewer";
const listeners = new Set<() => void>();
let viewer: Viewer | null = null;
let loaded = false;
function currentExpiry(): string | null {
  return readCookie(EXPIRY_COOKIE) ?? null;
}

/**
 * What this tab heard last (kept across its page loads, so a signed-in header shows as soon
 * as the page hydrates), unless it names someone while the cookies say nobody is signed in.
 */
function stored(): Viewer | null {
  try {
    const found = JSON.parse(window.sessionStorage.getItem(storageKey) ?? "null") as Viewer | null;
    return found?.user && currentExpiry() === null ? null : found;
  } catch {
    return null;
  }
}

/** The same object until the viewer changes, as `useSyncExternalStore` needs. */
export function viewerSnapshot(): Viewer | null {
  if (!loaded) {
    loaded = true;
    viewer = stored();
  }
  return viewer;
}

export function subscribeViewer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setViewer(user: SignedInUser | null): void {
  document.documentElement.removeAttribute(viewerPendingAttribute);
  const next: Viewer = { user, expiry: currentExpiry() };
  loaded = true;
  if (viewer?.expiry === next.expiry && JSON.stringify(viewer.user) === JSON.stringify(user)) {
    return;
  }
  viewer = next;
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(next));
  } catch {
    // Private mode without storage: known for this page only.
  }
  for (const listener of listeners) listener();
}

/** Signing out: this tab forgets the person at once. */
export function forgetViewer(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing was kept.
  }
}

/** The person's part of the event page on screen, as last heard (this page load only). */
let eventPart: ViewerEvent | null = null;

export function viewerEventSnapshot(): ViewerEvent | null {
  return eventPart;
}

/** What this page load has asked for: per expiry cookie, the header and which event. */
let asked: { expiry: string; header: boolean; event: string | null } | undefined;

/**
 * After a shared page: asks the server who is signed in, once per page load and again when
 * the cookies change; without the expiry cookie it is nobody, without asking. An event's
 * page asks with its short id (each time it is shown: a hold or a booking may have changed it),
 * and that one answer also serves the header; the page's effect runs before the frame's.
 */
export function askViewer(eventShortId?: string): void {
  const expiry = currentExpiry();
  if (expiry === null) {
    setEventPart(null);
    setViewer(null);
    return;
  }
  if (asked?.expiry !== expiry) asked = { expiry, header: false, event: null };
  const pending = asked;
  if (eventShortId ? pending.event === eventShortId : pending.header) return;
  pending.header = true;
  if (eventShortId) pending.event = eventShortId;
  fetch(viewerPath(eventShortId), {
    headers: { accept: "application/json" },
    credentials: "same-origin",
  })
    .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
    .then(
      (answer: ViewerAnswer) => {
        if (eventShortId && pending.event === eventShortId) pending.event = null;
        setEventPart(answer.event);
        setViewer(answer.user);
      },
      () => {
        // Unreachable for now: keep what this tab knew, show the header as it was.
        if (asked === pending) asked = undefined;
        document.documentElement.removeAttribute(viewerPendingAttribute);
      },
    );
}

function setEventPart(next: ViewerEvent | null): void {
  if (JSON.stringify(eventPart) === JSON.stringify(next)) return;
  eventPart = next;
  for (const listener of listeners) listener();
}
