import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import { attendeeMessageRules } from "#contract/attendee-message-options.ts";
import { planLimits } from "#contract/business-options.ts";
import { isUuid } from "#contract/uuid.ts";
import {
  type Business,
  findOwnedBusiness,
  requireOwnedBusiness,
} from "#server/modules/businesses/business-access.ts";
import { assertPlanAllowsOneMore } from "#server/modules/businesses/plan-limit.ts";
import { eventNotFound, requireOwnedEvent } from "#server/modules/events/event-ownership.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { countDeliveries } from "#server/modules/notifications/delivery-counts.ts";
import { tickets } from "#server/modules/tickets/tickets.schema.ts";
import { users } from "#server/platform/auth/users.schema.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Database, Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { type AttendeeMessageView, messageView } from "./attendee-message-view.ts";
import { attendeeMessages } from "./attendee-messages.schema.ts";
import {
  holderCondition,
  messageableEvents,
  previewRecipients,
  ticketTypesOfEvent,
} from "./attendee-recipients.ts";
import { messageQueued } from "./delivery-signal.ts";

export type AudienceInput = { eventId: string; ticketTypeIds?: string[] };
export type SendInput = AudienceInput & { subject: string; body: string };

/**
 * The caller's event, as `requireOwnedEvent` finds it, except that a caller without a
 * business gets the same NOT_FOUND as another owner: an event id is not theirs to probe.
 */
async function ownedEvent(tx: Executor, userId: string, eventId: string) {
  const business = await findOwnedBusiness(tx, userId);
  if (!business) throw eventNotFound();
  return requireOwnedEvent(tx, userId, eventId);
}

/** The first instant of the current calendar month, UTC: the plan's counting window. */
function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

async function messagesThisMonth(db: Executor, businessId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(attendeeMessages)
    .where(
      and(
        eq(attendeeMessages.businessId, businessId),
        gte(attendeeMessages.createdAt, monthStart()),
      ),
    );
  return row?.value ?? 0;
}

export async function monthlyUsage(db: Executor, business: Business) {
  return {
    used: await messagesThisMonth(db, business.id),
    limit: planLimits[business.plan].attendeeMessagesPerMonth,
  };
}

/** `attendeeMessages.preview`: how many holders a message would reach, a few names, the plan's allowance. */
export async function previewMessage(db: Database, userId: string, input: AudienceInput) {
  const { business, event } = await ownedEvent(db, userId, input.eventId);
  const ticketTypeIds = await ticketTypesOfEvent(db, event.id, input.ticketTypeIds);
  const recipients = await previewRecipients(
    db,
    { eventId: event.id, ticketTypeIds },
    attendeeMessageRules.previewNames,
  );
  return {
    eventId: event.id,
    ...recipients,
    sms: planLimits[business.plan].sms,
    usage: await monthlyUsage(db, business),
  };
}

/**
 * Refuses one more message when the business has used its plan's messages this month;
 * `assertPlanAllowsOneMore` locks the business row first (as the events and teams limits
 * do), so two sends racing for the last slot cannot both get it.
 */
async function assertCanSend(tx: Executor, businessId: string): Promise<{ sms: boolean }> {
  const plan = await assertPlanAllowsOneMore(
    tx,
    businessId,
    "attendeeMessagesPerMonth",
    messagesThisMonth,
  );
  return { sms: planLimits[plan].sms };
}

/**
 * `attendeeMessages.send`: stores the message and its recipients (every current holder,
 * fixed now) in one transaction; the delivery worker takes it from there, batch by batch.
 */
export async function sendMessage(
  db: Database,
  userId: string,
  input: SendInput,
): Promise<AttendeeMessageView> {
  const sent = await db.transaction(async (tx) => {
    const { business, event } = await ownedEvent(tx, userId, input.eventId);
    if (event.status === "cancelled") {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        "This event is cancelled: its ticket holders have already been told.",
        { reason: "cancelled" },
      );
    }
    const ticketTypeIds = await ticketTypesOfEvent(tx, event.id, input.ticketTypeIds);
    const { sms } = await assertCanSend(tx, business.id);
    const [message] = await tx
      .insert(attendeeMessages)
      .values({
        businessId: business.id,
        eventId: event.id,
        senderUserId: userId,
        ticketTypeIds,
        subject: input.subject,
        body: input.body,
        smsAllowed: sms,
      })
      .returning({ id: attendeeMessages.id });
    if (!message) throw new Error("attendee message not inserted");
    // One statement, however many holders: the recipients are the queue (decision 023).
    const holders = tx
      .selectDistinct({ messageId: sql`${message.id}::uuid`.as("message_id"), userId: users.id })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.holderUserId))
      .where(holderCondition({ eventId: event.id, ticketTypeIds }));
    const [counted] = await rowsOf<{ total: number | string }>(
      tx,
      sql`with added as (
        insert into attendee_message_recipients (message_id, user_id) ${holders}
        on conflict do nothing returning 1
      ) select count(*) as total from added`,
    );
    const total = Number(counted?.total ?? 0);
    if (total === 0) {
      throw new FunctionError(
        "FAILED_PRECONDITION",
        "Nobody holds a ticket for this yet, so there is no one to message.",
        { reason: "no-recipients" },
      );
    }
    const [row] = await tx
      .update(attendeeMessages)
      .set({ total })
      .where(eq(attendeeMessages.id, message.id))
      .returning();
    if (!row) throw new Error("attendee message vanished");
    return messageView(row, event.title);
  });
  messageQueued();
  return sent;
}

/**
 * `attendeeMessages.list`: the business's latest 20 messages, newest first, the month's
 * usage, and the events a new one can go to.
 */
export async function listMessages(db: Database, userId: string) {
  const business = await requireOwnedBusiness(db, userId);
  const rows = await db
    .select({ message: attendeeMessages, eventTitle: events.title })
    .from(attendeeMessages)
    .innerJoin(events, eq(events.id, attendeeMessages.eventId))
    .where(eq(attendeeMessages.businessId, business.id))
    .orderBy(desc(attendeeMessages.createdAt))
    .limit(20);
  const counts = await countDeliveries(
    db,
    rows.map((r) => r.message.id),
  );
  return {
    items: rows.map((r) => messageView(r.message, r.eventTitle, counts.get(r.message.id))),
    usage: await monthlyUsage(db, business),
    sms: planLimits[business.plan].sms,
    events: await messageableEvents(db, business.id),
  };
}

/** `attendeeMessages.get`: one of the business's messages with its progress; NOT_FOUND otherwise. */
export async function getMessage(db: Database, userId: string, messageId: string) {
  const business = await findOwnedBusiness(db, userId);
  const notFound = new FunctionError("NOT_FOUND", "Message not found.");
  if (!business || !isUuid(messageId)) throw notFound;
  const [row] = await db
    .select({ message: attendeeMessages, eventTitle: events.title })
    .from(attendeeMessages)
    .innerJoin(events, eq(events.id, attendeeMessages.eventId))
    .where(and(eq(attendeeMessages.id, messageId), eq(attendeeMessages.businessId, business.id)));
  if (!row) throw notFound;
  const counts = await countDeliveries(db, [row.message.id]);
  return messageView(row.message, row.eventTitle, counts.get(row.message.id));
}
