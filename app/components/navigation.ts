/** The header's navigation, in order; the phone menu shows the same list. */
export const mainNavigation = [
  { to: "/", label: "Events" },
  { to: "/upcomming", label: "Upcoming" },
  { to: "/order", label: "My orders" },
  { to: "/business/form", label: "For businesses" },
] as const;

export const signInLink = { to: "/login", label: "Sign in" } as const;

/** A link is current on its own path and below it; `/` (Events) only on itself. */
export function isCurrentPath(pathname: string, to: string): boolean {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}
