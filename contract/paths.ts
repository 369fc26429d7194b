/**
 * Paths of screens that the server writes into messages and notifications and the pages
 * link to: one definition each, so a link in an SMS and a link on a page never differ.
 */

/** `/booking_refrence?reference=…`: a booking, and the page shown right after booking. */
export function bookingPath(reference: string): string {
  return `/booking_refrence?reference=${encodeURIComponent(reference)}`;
}

/**
 * `/booking/{eventShortId}`: the caller's live hold of an event, where it is booked (a
 * waiting list offer is such a hold).
 */
export function holdPath(eventShortId: string): string {
  return `/booking/${encodeURIComponent(eventShortId)}`;
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

/** `/receipt/{reference}`: a paid booking's receipt (its buyer, or the organiser). */
export function receiptPath(reference: string): string {
  return `/receipt/${encodeURIComponent(reference)}`;
}

/** `/receipt/{reference}/pdf`: the receipt as a PDF. */
export function receiptPdfPath(reference: string): string {
  return `/receipt/${encodeURIComponent(reference)}/pdf`;
}

/** `/invoice/{invoiceId}/pdf`: an issued invoice or credit note as a PDF. */
export function invoicePdfPath(invoiceId: string): string {
  return `/invoice/${encodeURIComponent(invoiceId)}/pdf`;
}

/** `/business/events/{eventId}/orders`: the organiser's orders of one event. */
export function ordersPath(eventId: string): string {
  return `/business/events/${encodeURIComponent(eventId)}/orders`;
}

/** `/business/events/{eventId}/orders/{bookingId}`: one order, its tickets and history. */
export function orderPath(eventId: string, bookingId: string): string {
  return `${ordersPath(eventId)}/${encodeURIComponent(bookingId)}`;
}

/** `/business/events/{eventId}/revenue`, or `/business/revenue` for the whole business. */
export function revenuePath(eventId?: string): string {
  return eventId ? `/business/events/${encodeURIComponent(eventId)}/revenue` : "/business/revenue";
}

/** `/business/events/{eventId}/codes`: the organiser's promo and access codes of one event. */
export function codesPath(eventId: string): string {
  return `/business/events/${encodeURIComponent(eventId)}/codes`;
}

/** `/business/events/{eventId}/questions`: the questions asked at checkout for one event. */
export function questionsPath(eventId: string): string {
  return `/business/events/${encodeURIComponent(eventId)}/questions`;
}

/** `/business/api-keys`: the business's API keys (decision 038). */
export const apiKeysPath = "/business/api-keys";

/** `/business/webhooks`: the business's webhook endpoints (decision 039). */
export const webhooksPath = "/business/webhooks";

/** `/business/webhooks/{endpointId}`: one endpoint, its secret and its delivery log. */
export function webhookPath(endpointId: string): string {
  return `${webhooksPath}/${encodeURIComponent(endpointId)}`;
}

/** `/developers/api`: the public reference of the functions an API key may call. */
export const apiReferencePath = "/developers/api";
