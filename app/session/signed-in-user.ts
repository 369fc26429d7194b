import { useRouteLoaderData } from "react-router";
import { EXPIRY_COOKIE } from "#contract/cookie-names.ts";
import { readCookie } from "#contract/read-cookie.ts";

/**
 * Who is signed in, as the root loader exposes it: display information only (the menu
 * shows the business console to an owner; each page checks access itself).
 */
export type SignedInUser = {
  id: string;
  name: string | null;
  sessionId: string;
  businessOwner: boolean;
  /** In a door team: the header shows the coordinator's section (decision 014). */
  teamMember?: boolean;
};

/** The signed-in user from the root loader (null when signed out, or before it has data). */
export function useSignedInUser(): SignedInUser | null {
  const data = useRouteLoaderData("root") as { user?: SignedInUser | null } | undefined;
  return data?.user ?? null;
}

let signedInWhenLoaded = false;

/** Called with the root loader's user, so the next navigation can tell a change. */
export function rememberSignedIn(user: SignedInUser | null): void {
  signedInWhenLoaded = user !== null;
}

/**
 * Whether the browser's session cookies changed since the root loader last ran (a sign-in
 * through a function, which sets them): then the root loader must run again to show it.
 * The expiry cookie is readable and present exactly while signed in.
 */
export function signedInStateChanged(): boolean {
  return (readCookie(EXPIRY_COOKIE) !== undefined) !== signedInWhenLoaded;
}
