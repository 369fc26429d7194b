import { z } from "zod";
import { invalidReasons, verdictKinds } from "#contract/door-verdict.ts";
import { teamRoles } from "#contract/team-options.ts";
import { ticketStatuses } from "#contract/ticket-status.ts";
import { answerOutput } from "#server/modules/questions/answer-api-output.ts";
import { isoInstant } from "#server/platform/callable/api-output.ts";

// The answers of the door's API functions as JSON (decision 038): DoorVerdict of
// contract/door-verdict.ts, the desk's search and the door's counts.

const clockTime = z.string().describe("HH:MM (24-hour) in the event's time zone.");

/** `checkin.scan` and `checkin.admit`: what the door says of one ticket. */
export const doorVerdictOutput = z.strictObject({
  verdict: z
    .enum(verdictKinds)
    .describe("admitted: let in now; already-checked-in: see checkIn for when and by whom."),
  message: z.string().describe("The verdict in words, to show at the door."),
  reason: z
    .enum(invalidReasons)
    .optional()
    .describe(
      "Why invalid: forged or damaged, no such ticket, or an old QR of a ticket given away.",
    ),
  ticket: z
    .strictObject({
      id: z.string(),
      attendeeName: z.string(),
      ticketTypeName: z.string(),
      answers: z
        .array(answerOutput)
        .optional()
        .describe("The answers given at checkout; absent when there are none."),
    })
    .nullable(),
  event: z
    .strictObject({ id: z.string(), title: z.string() })
    .nullable()
    .describe("The ticket's event (for wrong-event, the other event it is for)."),
  checkIn: z
    .strictObject({
      id: z.string(),
      at: isoInstant,
      time: clockTime,
      staffName: z.string(),
      deviceId: z.string(),
    })
    .nullable()
    .describe("This admission (admitted) or the earlier one (already-checked-in)."),
});

/** `checkin.search`: the event's tickets matching a name, a reference or a phone number. */
export const doorSearchOutput = z.strictObject({
  tickets: z.array(
    z.strictObject({
      id: z.string(),
      status: z.enum(ticketStatuses),
      attendeeName: z.string(),
      ticketTypeName: z.string(),
      bookingReference: z.string(),
      checkedIn: z.strictObject({ time: clockTime, staffName: z.string() }).nullable(),
    }),
  ),
});

/** `checkin.stats`: the door's counts, in all and per ticket type. */
export const doorStatsOutput = z.strictObject({
  event: z
    .strictObject({
      id: z.string(),
      title: z.string(),
      venueName: z.string(),
      startsAt: isoInstant,
      timeZone: z.string(),
    })
    .nullable(),
  role: z.enum(["owner", ...teamRoles]).describe("The caller's role at this door (a key: owner)."),
  in: z.number().int().describe("Tickets checked in."),
  total: z.number().int().describe("Tickets that may come in (not cancelled)."),
  byType: z.array(
    z.strictObject({
      ticketTypeId: z.string(),
      name: z.string(),
      in: z.number().int(),
      total: z.number().int(),
    }),
  ),
});
