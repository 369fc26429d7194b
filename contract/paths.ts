/**
 * Paths of screens that the server writes into messages and notifications and the pages
 * link to: one definition each, so a link in an SMS and a link on a page never differ.
 */

/** `/booking_refrence?reference=…`: a booking, and the page shown right after booking. */
export function bookingPath(reference: string): string {
  return `/booking_refrence?reference=${encodeURIComponent(reference)}`;
}

/** `/team_coordinator/team_list`: a door team member's teams, where a joined invitation lands. */
export const teamListPath = "/team_coordinator/team_list";

/** `/team_coordinator/join/{token}`: an invitation to a team, sent by SMS or email. */
export function teamInvitationPath(token: string): string {
  return `/team_coordinator/join/${encodeURIComponent(token)}`;
}

/** `/my_ticket/{eventId}`: the signed-in holder's tickets for one event. */
export function eventTicketsPath(eventId: string): string {
  return `/my_ticket/${encodeURIComponent(eventId)}`;
}

/** `/my-ticket/{ticketId}`: one ticket of the signed-in holder, with its QR code. */
export function ticketPath(ticketId: string): string {
  return `/my-ticket/${encodeURIComponent(ticketId)}`;
}

/** `/assign/{ticketId}`: "Give to someone", the holder passes one ticket on. */
export function assignPath(ticketId: string): string {
  return `/assign/${encodeURIComponent(ticketId)}`;
}
