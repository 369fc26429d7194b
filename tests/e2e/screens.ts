/**
 * Every route of the seed spec (section 2) with a concrete id, and the title its screen
 * shows. Gated screens (section 6) need the session cookie; `/{id}` is missing on
 * purpose: an event's page depends on the event (tests/e2e/discovery.test.ts), and a
 * made-up id is the 404 page. So is `/team_coordinator/business/{id}`: a business shows
 * only to its owner and coordinators (tests/e2e/teams.test.ts,
 * tests/integration/team-pages.test.ts).
 */
export const seedScreens: { path: string; title: string; gated?: true }[] = [
  { path: "/", title: "Upcoming events" },
  { path: "/login", title: "Sign in" },
  { path: "/register", title: "Create an account" },
  { path: "/sms_verify", title: "Verify your phone" },
  { path: "/password", title: "Forgot your password?" },
  { path: "/new_password", title: "Set a new password" },
  { path: "/access_to_account", title: "Sign in with a one-time code" },
  { path: "/order", title: "My orders", gated: true },
  { path: "/upcomming", title: "Upcoming" },
  { path: "/profile", title: "Profile", gated: true },
  { path: "/setting", title: "Settings" },
  { path: "/privacy_policy", title: "Privacy policy" },
  { path: "/booking_refrence", title: "Find a booking" },
  // `/booking/{id}` of an unknown event is the 404 page: tests/e2e/booking.test.ts checks its title.
  // The ticket screens and `/notification/{id}` of a made-up id are the 404 page:
  // tests/e2e/tickets.test.ts opens each with a real ticket, checks titles, 404s and gates.
  { path: "/business/form", title: "Apply as a business" },
  { path: "/business/message", title: "Message your teams and attendees" },
  { path: "/business/upgrade", title: "Plans and upgrade" },
  { path: "/delete_account", title: "Delete your account", gated: true },
  { path: "/account_delete_start", title: "How to delete your account" },
  { path: "/confirm_delete_account", title: "Confirm account deletion", gated: true },
  { path: "/team_coordinator/team_list", title: "My teams", gated: true },
  // The report shows only to the team's coordinators and owner, the desk, the verdict
  // screen and the scanner only to the event's door staff; a made-up id is the 404 page:
  // tests/e2e/team-report.test.ts, checkin.test.ts, scanner.test.ts and
  // tests/integration/team-pages.test.ts open them with real teams and events.
  { path: "/team_coordinator/message_alert", title: "Message alerts", gated: true },
];
