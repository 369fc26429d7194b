import { eq } from "drizzle-orm";
import { alertDoorConflict } from "#server/modules/alerts/system-alerts.ts";
import type { DoorConflictStep } from "#server/modules/checkin/door-conflicts.ts";
import { events } from "#server/modules/events/events.schema.ts";
import { formatManualCode } from "#server/modules/tickets/manual-code.ts";

/** What happens when an offline admission could not stand, in the upload's transaction. */
export const doorConflictSteps: readonly DoorConflictStep[] = [
  // The event's teams hear it at once (decision 030), once per conflict row.
  async (tx, conflict) => {
    const [event] = await tx
      .select({
        id: events.id,
        businessId: events.businessId,
        title: events.title,
        timeZone: events.timeZone,
      })
      .from(events)
      .where(eq(events.id, conflict.eventId));
    if (!event) return;
    await alertDoorConflict(tx, event, {
      id: conflict.id,
      reason: conflict.reason,
      ticketCode: formatManualCode(conflict.manualCode),
      attendeeName: conflict.attendeeName,
      at: conflict.at,
      deviceId: conflict.deviceId,
      kept: conflict.kept,
    });
  },
];
