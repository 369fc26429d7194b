import type { AttendeeMessageStatus } from "#contract/attendee-message-options.ts";
import type { attendeeMessages } from "./attendee-messages.schema.ts";

export type AttendeeMessageView = {
  id: string;
  eventId: string;
  eventTitle: string;
  subject: string;
  body: string;
  ticketTypeIds: string[] | null;
  status: AttendeeMessageStatus;
  total: number;
  delivered: number;
  emails: number;
  sms: number;
  createdAt: string;
  finishedAt: string | null;
};

/** A message as the owner's functions answer it: what was sent, to whom, how far along. */
export function messageView(
  row: typeof attendeeMessages.$inferSelect,
  eventTitle: string,
): AttendeeMessageView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventTitle,
    subject: row.subject,
    body: row.body,
    ticketTypeIds: row.ticketTypeIds,
    status: row.status,
    total: row.total,
    delivered: row.delivered,
    emails: row.emails,
    sms: row.sms,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
