import type { AttendeeMessageStatus } from "#contract/attendee-message-options.ts";
import { type DeliveryCounts, noCounts } from "#contract/delivery-counts.ts";
import type { SourceCounts } from "#server/modules/notifications/delivery-counts.ts";
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
  /** Per channel: told in-app, emails and SMS sent, failed and pending (the console). */
  delivery: DeliveryCounts;
};

/** A message as the owner's functions answer it: what was sent, to whom, how far along. */
export function messageView(
  row: typeof attendeeMessages.$inferSelect,
  eventTitle: string,
  counts: SourceCounts = { email: noCounts, sms: noCounts },
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
    delivery: { app: { delivered: row.delivered, total: row.total }, ...counts },
  };
}
