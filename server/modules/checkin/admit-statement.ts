import { type SQL, sql } from "drizzle-orm";
import { admittedVerdict, clockTime, type DoorVerdict } from "#contract/door-verdict.ts";
import type { WebhookEventType } from "#contract/webhooks.ts";
import { isoTimestampSql, queueWebhooksSql } from "#server/modules/webhooks/emit-webhook.ts";
import type { Executor } from "#server/platform/db/database.ts";
import { rowsOf } from "#server/platform/db/db-rows.ts";

/** Which ticket a scan names: a QR token's ticket and generation, a typed code, or an id. */
export type TicketTarget =
  | { kind: "token"; ticketId: string; generation: number; eventShortId: string }
  | { kind: "code"; manualCode: string }
  | { kind: "id"; ticketId: string };

export type Admission = {
  check_in_id: string;
  created_at: string | Date;
  staff_name: string;
  ticket_id: string;
  attendee_name: string;
  type_name: string;
  title: string;
  time_zone: string;
};

/** The `admitted` verdict of an admission written at `eventId` by `deviceId`. */
export function admissionVerdict(
  admitted: Admission,
  eventId: string,
  deviceId: string,
): DoorVerdict {
  return admittedVerdict(
    {
      id: admitted.ticket_id,
      attendeeName: admitted.attendee_name,
      ticketTypeName: admitted.type_name,
    },
    { id: eventId, title: admitted.title },
    {
      id: admitted.check_in_id,
      at: new Date(admitted.created_at).toISOString(),
      time: clockTime(admitted.created_at, admitted.time_zone),
      staffName: admitted.staff_name,
      deviceId,
    },
  );
}

/** The ticket rows a target may admit: of this event, at the current generation. */
export function targetCondition(target: TicketTarget, eventId: string): SQL {
  switch (target.kind) {
    case "token":
      return sql`k.id = ${target.ticketId}::uuid and k.event_id = ${eventId}::uuid
        and k.generation = ${target.generation}`;
    case "code":
      return sql`k.event_id = ${eventId}::uuid and k.manual_code = ${target.manualCode}`;
    case "id":
      return sql`k.id = ${target.ticketId}::uuid and k.event_id = ${eventId}::uuid`;
  }
}

/** What an admission writes: which ticket, at which event, by whom, from which device. */
export type AdmissionInput = {
  target: TicketTarget;
  eventId: string;
  staffUserId: string;
  deviceId: string;
  method: "scan" | "manual";
  /**
   * An offline device's admission uploaded later (decision 030): its time on the device
   * (ISO), kept as the check-in's time, clamped to the last two days and never later than
   * now (a device's clock may be wrong).
   */
  offlineAt?: string;
};

/** The extra columns of an offline admission's check-in; nothing for an online one. */
function offlineColumns(offlineAt: string | undefined): { names: SQL; values: SQL } {
  if (offlineAt === undefined) return { names: sql``, values: sql`` };
  return {
    names: sql`, offline, created_at`,
    values: sql`, true, least(now(), greatest(${offlineAt}::timestamptz, now() - interval '2 days'))`,
  };
}

/**
 * The admission's steps, the first CTEs of a statement (`with ${…}, …`): `admitted`,
 * the ticket moved from valid to checked-in (and `also`, any further condition on it),
 * `written`, its check-in row, and the `ticket.checked_in` webhooks queued (decision 039;
 * in the same statement, so the door's common case stays one round trip and an admission
 * rolled back queues nothing). Concurrent scans of one ticket queue on its row lock; the
 * first commits, the others re-read `status` and match nothing (READ COMMITTED re-checks
 * the condition on the newest row version). The partial unique index
 * `check_ins_one_live_per_ticket` is the backstop.
 */
export function admissionSteps(input: AdmissionInput, also: SQL = sql`true`): SQL {
  const offline = offlineColumns(input.offlineAt);
  return sql`admitted as (
      update tickets k set status = 'checked-in'
      where ${targetCondition(input.target, input.eventId)} and k.status = 'valid' and ${also}
      returning k.id, k.booking_id, k.ticket_type_id, k.attendee_name
    ), written as (
      insert into check_ins (ticket_id, event_id, staff_user_id, staff_name, device_id, method${offline.names})
      select a.id, ${input.eventId}::uuid, ${input.staffUserId}::uuid,
        coalesce((select u.name from users u where u.id = ${input.staffUserId}::uuid), 'Door staff'),
        ${input.deviceId}, ${input.method}${offline.values}
      from admitted a
      returning id, ticket_id, created_at, staff_name
    ), checked_in_webhooks as (
      ${queueWebhooksSql(sql`select ${input.eventId}::uuid as subject,
          ${"ticket.checked_in" satisfies WebhookEventType}::text as type,
          json_build_object('ticketId', w.ticket_id, 'eventId', ${input.eventId}::text,
            'checkedInAt', ${isoTimestampSql(sql`w.created_at`)}) as data
        from written w`)}
    )`;
}

/**
 * The admission, one statement: the ticket admitted and its check-in written, or nothing.
 * `also`: a further condition on the ticket row `k`.
 */
export async function admitStatement(
  tx: Executor,
  input: AdmissionInput,
  also: SQL = sql`true`,
): Promise<Admission | null> {
  const [row] = await rowsOf<Admission>(
    tx,
    sql`with ${admissionSteps(input, also)}
      select w.id as check_in_id, w.created_at, w.staff_name, w.ticket_id, a.attendee_name,
        t.name as type_name, e.title, e.time_zone
      from written w join admitted a on a.id = w.ticket_id
        join ticket_types t on t.id = a.ticket_type_id
        join events e on e.id = ${input.eventId}::uuid`,
  );
  return row ?? null;
}
