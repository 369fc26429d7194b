import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { EXPIRY_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";
import type { ViewerUser } from "#contract/viewer.ts";
import { askViewer, setViewer, subscribeViewer, viewerSnapshot } from "./viewer-store.ts";

/**
 * Who is signed in: display information only (the menu shows the business console to an
 * owner; each page checks access itself).
 */
export type SignedInUser = ViewerUser;

/**
 * The root loader's data: the person it rendered for, or, on a shared page (decision 032,
 * the same for everyone), `shared` and nobody: the person comes from the viewer store.
 */
export type RootData = { user: SignedInUser | null; shared?: boolean };

const noViewer = () => null;

/** The signed-in user (null when signed out, or while a shared page has not heard yet). */
export function useSignedInUser(): SignedInUser | null {
  const data = useRouteLoaderData("root") as RootData | undefined;
  // The server's snapshot is nobody, as the shared page was rendered: hydration matches it.
  const viewer = useSyncExternalStore(subscribeViewer, viewerSnapshot, noViewer);
  if (data && !data.shared) return data.user;
  return viewer?.user ?? null;
}

let signedInWhenLoaded = false;

/**
 * Called with the root loader's data on every render of the app: a page rendered for the
 * person tells the viewer store who it is; a shared page asks the store to find out.
 */
export function useRootViewer(data: RootData | undefined): void {
  signedInWhenLoaded = data?.shared
    ? readCookie(EXPIRY_COOKIE) !== undefined
    : (data?.user ?? null) !== null;
  useEffect(() => {
    if (!data) return;
    if (data.shared) askViewer();
    else setViewer(data.user);
  }, [data]);
}

/**
 * Whether the browser's session cookies changed since the root loader last ran (a sign-in
 * through a function, which sets them): then the root loader must run again to show it.
 * The expiry cookie is readable and present exactly while signed in.
 */
export function signedInStateChanged(): boolean {
  return (readCookie(EXPIRY_COOKIE) !== undefined) !== signedInWhenLoaded;
}
