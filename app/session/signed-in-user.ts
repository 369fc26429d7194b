import { useRouteLoaderData } from "react-router";

/** Who is signed in, as the root loader exposes it: display information only. */
export type SignedInUser = { id: string; name: string | null; sessionId: string };

/** The signed-in user from the root loader (null when signed out, or before it has data). */
export function useSignedInUser(): SignedInUser | null {
  const data = useRouteLoaderData("root") as { user?: SignedInUser | null } | undefined;
  return data?.user ?? null;
}
