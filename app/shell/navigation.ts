export type NavItem = { to: string; label: string; exact?: true };

/** Who the menus are for: signed out, signed in, or signed in as a business owner. */
export type NavAudience = { signedIn: boolean; businessOwner: boolean; teamMember?: boolean };

/** Shown after the main navigation to members of a door team only. */
export const teamLink: NavItem = { to: "/team_coordinator/team_list", label: "My teams" };

const applyAsBusiness: NavItem = { to: "/business/form", label: "For businesses" };
const businessConsole: NavItem = { to: "/business", label: "Business console" };

/**
 * The header's navigation, in order; the phone menu shows the same list. An owner's
 * business entry is the console, everyone else's the application form.
 */
export function mainNavigation(audience: NavAudience): NavItem[] {
  return [
    { to: "/", label: "Events" },
    { to: "/upcomming", label: "Upcoming" },
    { to: "/order", label: "My orders" },
    audience.businessOwner ? businessConsole : applyAsBusiness,
    ...(audience.teamMember ? [teamLink] : []),
  ];
}

/** The console's sections, in the phone menu below the main list (owners only). */
export const consoleNavigation: NavItem[] = [
  { to: "/business", label: "Overview", exact: true },
  { to: "/business/events", label: "Events" },
  { to: "/business/teams", label: "Teams" },
  { to: "/business/payments", label: "Payments" },
  { to: "/business/message", label: "Messages" },
];

/** A signed-in person's own pages, in the phone menu (the header links the name). */
export const accountNavigation: NavItem[] = [
  { to: "/profile", label: "Profile" },
  { to: "/setting", label: "Settings" },
];

export const signInLink: NavItem = { to: "/login", label: "Sign in" };

/** A link is current on its own path and below it; `/` (Events) and exact ones only on themselves. */
export function isCurrentPath(pathname: string, item: NavItem | string): boolean {
  const { to, exact } = typeof item === "string" ? { to: item, exact: false } : item;
  if (to === "/" || exact) return pathname === to;
  return pathname === to || pathname.startsWith(`${to}/`);
}
