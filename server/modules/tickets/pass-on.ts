import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { emitWebhook } from "#server/modules/webhooks/emit-webhook.ts";
import { FunctionError } from "#server/platform/callable/function-error.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";
import { newManualCode } from "./manual-code.ts";

/**
 * Moves a ticket to a new holder (or to nobody, while a share link waits) and kills its
 * old QR: the generation goes up, and the secret and manual code are replaced. Run with
 * the ticket row locked. Every change of holder passes here (given, claimed, taken back,
 * handed back when its holder's account is deleted), so here the `ticket.assigned`
 * webhook is queued, once per hand-over, in its transaction.
 */
export async function handOver(
  tx: Executor,
  ticket: { id: string; generation: number },
  next: { holderUserId: string | null; attendeeName: string },
): Promise<number> {
  const generation = ticket.generation + 1;
  // The QR token carries the generation in two bytes (decision 013).
  if (generation > 0xffff) {
    throw new FunctionError(
      "FAILED_PRECONDITION",
      "This ticket has changed hands too many times to be passed on again.",
    );
  }
  const [moved] = await rowsOf<{ booking_id: string; event_id: string }>(
    tx,
    sql`update tickets set holder_user_id = ${next.holderUserId}, attendee_name = ${next.attendeeName},
      generation = ${generation}, secret = ${randomBytes(32).toString("base64url")},
      manual_code = ${newManualCode()}
    where id = ${ticket.id}::uuid
    returning booking_id, event_id`,
  );
  if (!moved) throw new Error("ticket to hand over vanished");
  await emitWebhook(tx, {
    eventId: moved.event_id,
    type: "ticket.assigned",
    data: { ticketId: ticket.id, orderId: moved.booking_id, eventId: moved.event_id },
  });
  return generation;
}
